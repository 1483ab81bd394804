// The upload flow of a file question, kept outside the widget so it survives a page change:
// client-side checks -> presigned URL -> upload (progress) -> conversion -> poll every 2 s.
import { api } from "../form/appBridge.js";
import { uploadToPresigned } from "../api/upload.js";
import { fileProblems } from "../form/validation/files.js";
import { t } from "../strings/formStrings.js";

export const POLL_MS = 2000;
const WAITING = new Set(["unprocessed", "in_progress"]);

export function normalStatus(status) {
  return String(status || "").toLowerCase();
}

function setConversion(store, key, value) {
  store.set((state) => {
    const conversions = { ...state.conversions };
    if (value) conversions[key] = value;
    else delete conversions[key];
    return { conversions };
  });
}

/** True while a file of these keys is uploading or converting (a tab switch must wait). */
export function uploadBusy(state, keys) {
  return keys.some((key) => state.conversions?.[key]);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Upload `file` for `key`. Returns the client-side problems (nothing is sent then) or [].
 * Failures clear the answer, delete the conversion and raise the error toast.
 */
export async function uploadFile(
  store,
  { key, rules, file, toastError, onDone, pollMs = POLL_MS, upload = uploadToPresigned },
) {
  const problems = fileProblems(rules, file.name, file.size);
  if (problems.length) return problems;
  setConversion(store, key, { phase: "uploading", progress: 0 });
  try {
    const presigned = await api.presign(key);
    await upload(presigned, file, (progress) => setConversion(store, key, { phase: "uploading", progress }));
    setConversion(store, key, { phase: "converting" });
    let status = await api.startConversion(key, presigned.fields.key, file.name);
    while (WAITING.has(normalStatus(status.status))) {
      await sleep(pollMs);
      status = await api.conversionStatus(key);
    }
    const final = normalStatus(status.status);
    if (final === "completed") {
      const documents = await api.documentAnswers();
      store.set({ documents });
    } else if (final === "failed") {
      toastError(status.message || t("error_upload", { key: key }));
      await api.deleteConversion(key).catch(() => {});
    }
  } catch (error) {
    toastError(t("error_upload", { key: key }), error?.message);
    await api.deleteConversion(key).catch(() => {});
  } finally {
    setConversion(store, key, null);
    onDone?.();
  }
  return [];
}

/** Delete the document of `key`: the answer, its conversion and stored files. */
export async function deleteFile(store, key) {
  await api.deleteDocumentAnswer(key);
  store.set((state) => {
    const documents = { ...state.documents };
    delete documents[key];
    return { documents };
  });
}
