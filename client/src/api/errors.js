// Error types of the one JSON helper, and the standard messages shown when a failed call carries none.
import { t } from "../strings/strings.js";

/**
 * An error from the API, carrying the server's {message} (or the standard one), the HTTP status and,
 * when the server said when to try again (a 503 while the database restarts, a 429), `retryAfterS`.
 */
export class ApiError extends Error {
  constructor(message, status = 0, body = null, retryAfterS = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.retryAfterS = retryAfterS;
  }
}

/** Any non-OK answer other than 401 (and answers that are not JSON). */
export class ServerError extends ApiError {
  constructor(message, status, body, retryAfterS = null) {
    super(message, status, body, retryAfterS);
    this.name = "ServerError";
  }
}

/** 401: no valid session. The helper has already cleared the cache and moved to /login. */
export class UnauthorizedError extends ApiError {
  constructor(message, body) {
    super(message, 401, body);
    this.name = "UnauthorizedError";
  }
}

function messageOf(body) {
  return body && typeof body === "object" && typeof body.message === "string" && body.message.trim()
    ? body.message
    : t("shell_unexpected");
}

/** Retry-After in seconds (the delay form; an HTTP date is not used by the engine), or null. */
export function retryAfterSeconds(value) {
  const seconds = Number.parseInt(String(value ?? ""), 10);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/** The error for a finished response: status, parsed JSON body (or null when it was not JSON), Retry-After. */
export function errorForResponse(status, body, retryAfter = null) {
  if (status === 401) return new UnauthorizedError(messageOf(body), body);
  return new ServerError(messageOf(body), status, body, retryAfterSeconds(retryAfter));
}

/** Turn whatever was thrown into an ApiError whose message is fit to show a person. */
export function toApiError(error) {
  if (error instanceof ApiError) return error;
  const response = error?.response;
  if (!response) return new ServerError(t("shell_unexpected"), 0, null);
  return errorForResponse(response.status, typeof response.data === "object" ? response.data : null);
}
