// REST calls to /api (docs/protocol.md, "REST"). Errors become ApiError with the server's code.

const TOKEN_KEY = "kroeg.token";

export function token() {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(value) {
  if (value) localStorage.setItem(TOKEN_KEY, value);
  else localStorage.removeItem(TOKEN_KEY);
}

export class ApiError extends Error {
  constructor(code, message, status, args = null) {
    super(message);
    this.code = code;
    this.status = status;
    this.args = args; // a coded refusal's parameters (e.g. the option it is about)
  }
}

export async function api(method, path, body) {
  const headers = { Accept: "application/json" };
  if (token()) headers.Authorization = `Bearer ${token()}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError("network", String(err), 0);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = data && typeof data.detail === "object" && data.detail ? data.detail : {};
    throw new ApiError(detail.code || (response.status === 422 ? "bad_message" : "internal"), detail.message || response.statusText, response.status, detail.args ?? null);
  }
  return data;
}
