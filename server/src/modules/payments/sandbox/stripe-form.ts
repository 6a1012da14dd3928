/**
 * Stripe's request bodies are form-encoded with bracketed keys (`metadata[reference]=x`,
 * `line_items[0][price_data][unit_amount]=100`, `expand[]=latest_charge`). This reads them back
 * into the nested objects and arrays the API describes.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** Deep enough for every parameter the test gateway reads; deeper keys are refused. */
const MAX_DEPTH = 6;
/** Keys that would reach Object.prototype. */
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

export class FormError extends Error {}

function keyPath(name: string): string[] {
  const first = /^[^[\]]+/.exec(name)?.[0];
  if (!first) throw new FormError(`Invalid parameter name: ${name}`);
  const path = [first];
  const rest = name.slice(first.length);
  const segment = /\[([^[\]]*)\]/gy;
  let consumed = 0;
  for (let match = segment.exec(rest); match; match = segment.exec(rest)) {
    path.push(match[1]!);
    consumed = segment.lastIndex;
  }
  if (consumed !== rest.length) throw new FormError(`Invalid parameter name: ${name}`);
  if (path.length > MAX_DEPTH) throw new FormError(`Parameter nested too deeply: ${name}`);
  if (path.some((part) => UNSAFE_KEYS.has(part))) throw new FormError(`Invalid parameter name: ${name}`);
  return path;
}

type Container = FormObject | FormValue[];

function child(container: Container, key: string, nextKey: string): Container {
  const existing = Array.isArray(container) ? container[Number(key)] : container[key];
  if (existing !== undefined && typeof existing !== 'string') return existing;
  if (existing !== undefined) throw new FormError(`Parameter ${key} is given both as a value and as an object`);
  const made: Container = nextKey === '' || /^\d+$/.test(nextKey) ? [] : {};
  if (Array.isArray(container)) container[Number(key)] = made;
  else container[key] = made;
  return made;
}

function assign(container: Container, key: string, value: string): void {
  if (Array.isArray(container)) {
    if (key === '') container.push(value);
    else if (/^\d+$/.test(key)) container[Number(key)] = value;
    else throw new FormError(`Expected a list index, got ${key}`);
  } else {
    if (key === '') throw new FormError('A list marker [] needs a list');
    container[key] = value;
  }
}

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const path = keyPath(name);
    let container: Container = root;
    for (let index = 0; index < path.length - 1; index += 1) {
      const key = path[index]!;
      if (Array.isArray(container) && key !== '' && !/^\d+$/.test(key)) throw new FormError(`Expected a list index in ${name}`);
      container = key === '' && Array.isArray(container) ? pushContainer(container, path[index + 1]!) : child(container, key, path[index + 1]!);
    }
    assign(container, path[path.length - 1]!, value);
  }
  return root;
}

function pushContainer(list: FormValue[], nextKey: string): Container {
  const made: Container = nextKey === '' || /^\d+$/.test(nextKey) ? [] : {};
  list.push(made);
  return made;
}
