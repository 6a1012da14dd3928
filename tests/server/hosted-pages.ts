/**
 * A browser's view of a test gateway's hosted pages, for the adapter tests: the pages link
 * themselves under the public origin, the tests reach them over loopback (`origin()`), and no
 * redirect is followed, so each answer can be checked.
 */
export function hostedPages(publicOrigin: string, origin: () => string) {
  const local = (url: string) => url.replace(publicOrigin, origin());

  async function open(url: string) {
    const response = await fetch(local(url), { redirect: 'manual' });
    return { status: response.status, html: await response.text() };
  }

  /** Submits a page's form as a browser does (application/x-www-form-urlencoded). */
  async function post(url: string, fields: Record<string, string> = {}) {
    const response = await fetch(local(url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    return { status: response.status, location: response.headers.get('location'), html: await response.text() };
  }

  return { open, post };
}
