// Error types of the one JSON helper, and the standard messages shown when a failed call carries none.
import { t } from "../strings/strings.js";

/** An error from the API, carrying the server's {message} (or the standard one) and the HTTP status. */
export class ApiError extends Error {
  constructor(message, status = 0, body = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

/** Any non-OK answer other than 401 (and answers that are not JSON). */
export class ServerError extends ApiError {
  constructor(message, status, body) {
    super(message, status, body);
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

/** The error for a finished response: status and parsed JSON body (or null when it was not JSON). */
export function errorForResponse(status, body) {
  if (status === 401) return new UnauthorizedError(messageOf(body), body);
  return new ServerError(messageOf(body), status, body);
}

/** Turn whatever was thrown into an ApiError whose message is fit to show a person. */
export function toApiError(error) {
  if (error instanceof ApiError) return error;
  const response = error?.response;
  if (!response) return new ServerError(t("shell_unexpected"), 0, null);
  return errorForResponse(response.status, typeof response.data === "object" ? response.data : null);
}
