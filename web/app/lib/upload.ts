import { toApiError } from "./api-error";
import { endSession } from "./api";
import { refreshShared } from "./session-refresh";

/**
 * What lib/api's JSON client does not cover: multipart uploads and file downloads. Same rules as that client
 * (same origin, the session cookies, one refresh and retry on an expired access token or a 403, back to /login
 * when the session cannot continue), so these calls behave like every other call of the app.
 */
async function send(path: string, init: RequestInit): Promise<Response> {
  const go = () => {
    const startedAt = Date.now();
    return fetch(`/api${path}`, { credentials: "same-origin", ...init }).then((res) => ({ res, startedAt }));
  };
  let { res, startedAt } = await go();
  if (res.status === 401 || res.status === 403) {
    const first = await toApiError(res);
    if ((res.status === 401 && first.code === "ERR_SESSION_EXPIRED") || res.status === 403) {
      const refreshed = await refreshShared({ since: startedAt });
      if (!refreshed.ok) {
        if (refreshed.error.status === 401) throw endSession(refreshed.error);
        throw first;
      }
      ({ res } = await go());
    }
    if (res.status === 401) throw endSession(await toApiError(res));
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** POSTs one file as multipart/form-data under `field` (with any text `fields` beside it) and answers the JSON reply. */
export async function postFile<T>(
  path: string,
  file: Blob,
  { field = "file", fileName, signal, fields = {} }: { field?: string; fileName?: string; signal?: AbortSignal; fields?: Record<string, string> } = {},
): Promise<T> {
  const form = new FormData();
  if (fileName) form.set(field, file, fileName);
  else form.set(field, file);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  // fetch serialises a FormData anew on each send, so the retry after a refresh can reuse it.
  const res = await send(path, { method: "POST", body: form, signal, headers: { accept: "application/json" } });
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Downloads a file the API serves and hands it to the browser under `fileName`. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const res = await send(path, { method: "GET" });
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.rel = "noopener";
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/**
 * POSTs a multipart form with upload progress (fetch has none): XMLHttpRequest, same origin and cookies, and the
 * same one refresh and retry on an expired access token or a 403 as `send`.
 */
export async function postFormWithProgress<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  const once = () =>
    new Promise<{ status: number; text: string; startedAt: number }>((resolve, reject) => {
      const startedAt = Date.now();
      const xhr = new XMLHttpRequest();
      xhr.open("POST", `/api${path}`);
      xhr.withCredentials = true;
      xhr.setRequestHeader("accept", "application/json");
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(e.loaded / e.total);
      };
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText, startedAt });
      xhr.onerror = () => reject(new TypeError("Network error"));
      xhr.send(form);
    });
  const asResponse = (r: { status: number; text: string }) => new Response(r.text, { status: r.status, headers: { "content-type": "application/json" } });
  let result = await once();
  if (result.status === 401 || result.status === 403) {
    const first = await toApiError(asResponse(result));
    if ((result.status === 401 && first.code === "ERR_SESSION_EXPIRED") || result.status === 403) {
      const refreshed = await refreshShared({ since: result.startedAt });
      if (!refreshed.ok) {
        if (refreshed.error.status === 401) throw endSession(refreshed.error);
        throw first;
      }
      result = await once();
    }
    if (result.status === 401) throw endSession(await toApiError(asResponse(result)));
  }
  if (result.status < 200 || result.status >= 300) throw await toApiError(asResponse(result));
  onProgress(1);
  return (result.text ? JSON.parse(result.text) : undefined) as T;
}
