// The upload of a document to the storage's presigned POST (S3, or the engine's local backend): a
// plain XMLHttpRequest, for its upload progress events, without cookies (the URL may be another
// origin). Every other call goes through the one JSON helper (client.js); see docs/client.md.
import { t } from "../strings/formStrings.js";
import { ApiError } from "./errors.js";

/** Upload a file to a presigned POST with progress; fields first, then the file (S3's order). */
export function uploadToPresigned({ url, fields }, file, onProgress, XHR = globalThis.XMLHttpRequest) {
  return new Promise((resolve, reject) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    data.append("file", file);
    const xhr = new XHR();
    xhr.open("POST", url);
    xhr.withCredentials = false;
    if (xhr.upload && onProgress) {
      xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message = t("shell_unexpected");
      try {
        message = JSON.parse(xhr.responseText).message || message;
      } catch {
        /* not JSON: the standard message */
      }
      reject(new ApiError(message, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError(t("shell_unexpected"), 0));
    xhr.send(data);
  });
}
