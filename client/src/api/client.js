import axios from "axios";
import { toApiError } from "./errors.js";

// The one JSON helper: same-origin, cookies sent, JSON in and out, every failure an ApiError.
export const http = axios.create({
  baseURL: "/",
  withCredentials: true,
  headers: { Accept: "application/json" },
  timeout: 30000,
});

export async function getJson(path, config = {}) {
  try {
    const response = await http.get(path, config);
    return response.data;
  } catch (error) {
    throw toApiError(error);
  }
}

/** GET /public/form: the tenant's compiled form. */
export function fetchCompiledForm() {
  return getJson("public/form");
}
