/** Every success body is { message, data }; every error body is { message } (docs/architecture.md). */
export interface Envelope<T> {
  message: string;
  data: T;
}

export interface ErrorBody {
  message: string;
}
