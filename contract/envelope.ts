/** Every success body is { message, data }; every error body is { message } (ARCHITECTURE.md). */
export interface Envelope<T> {
  message: string;
  data: T;
}

export interface ErrorBody {
  message: string;
}
