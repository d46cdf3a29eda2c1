// REST calls to /api (docs/protocol.md, "REST"). Errors become ApiError with the server's code.
//
// The session is the httpOnly cookie alone: the page never holds its token. A call that
// changes state sends the session's CSRF token (the kroeg_csrf cookie) in X-CSRF-Token
// (docs/security.md, "CSRF").

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

// A token kept by an older version of this page: the cookie is the session now.
localStorage.removeItem("kroeg.token");

function csrfToken() {
  const found = document.cookie.split("; ").find((c) => c.startsWith("kroeg_csrf="));
  return found ? decodeURIComponent(found.slice("kroeg_csrf=".length)) : null;
}

export class ApiError extends Error {
  /** `rule` and `args`: a game's refusal (docs/protocol.md), e.g. an option out of range. */
  constructor(code, message, status, rule = undefined, args = undefined) {
    super(message);
    this.code = code;
    this.status = status;
    this.rule = rule;
    this.args = args;
  }
}

// A table between two servers (several server processes, docs/cluster.md) answers 503
// `table_moving` with Retry-After: nothing was done, so the same call is made again after
// that many seconds, a few times, before the error reaches the page.
const MOVING_TRIES = 5;
const MOVING_WAIT_MAX = 5;

function retryAfter(response) {
  const seconds = Number(response.headers.get("Retry-After"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MOVING_WAIT_MAX) : 1;
}

export async function api(method, path, body) {
  for (let tried = 1; ; tried++) {
    try {
      return await call(method, path, body);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== "table_moving" || tried >= MOVING_TRIES) throw err;
      await new Promise((resolve) => setTimeout(resolve, err.retryAfter * 1000));
    }
  }
}

async function call(method, path, body) {
  const headers = { Accept: "application/json" };
  if (UNSAFE.has(method) && csrfToken()) headers["X-CSRF-Token"] = csrfToken();
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
    const error = new ApiError(detail.code || (response.status === 422 ? "bad_message" : "internal"), detail.message || response.statusText, response.status, detail.rule, detail.args);
    if (response.status === 503) error.retryAfter = retryAfter(response);
    throw error;
  }
  return data;
}
