import { questionOf, reviewRow, Row } from "./readout.jsx";
import { useState } from "react";
import { formApp, useFormApp } from "../form/appBridge.js";
import { ConfirmDialog } from "../shell/Modal.jsx";
import { t } from "../strings/formStrings.js";
import { decimalSize } from "../strings/strings.js";
import { deleteFile, uploadFile } from "./fileUpload.js";
import { describedBy, errorId, fieldAria, widgetContext } from "./common.js";

/** Choosing a file (checked, uploaded, converted: `problems` says why one was refused) and deleting it. */
function useFileActions(store, layout, bridge) {
  const [problems, setProblems] = useState([]);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const pick = async (event) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setProblems([]);
    const found = await uploadFile(store, {
      key: layout.key,
      rules: layout.file,
      file,
      toastError: (title, message) => bridge.toastError(title, message),
      onDone: () => bridge.onDocumentsChanged?.(),
    });
    setProblems(found);
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteFile(store, layout.key);
      bridge.onDocumentsChanged?.();
      setConfirming(false);
    } catch (error) {
      bridge.toastError(t("error_upload", { key: layout.key }), error?.message);
    } finally {
      setDeleting(false);
    }
  };

  return { problems, pick, confirming, setConfirming, deleting, remove };
}

/**
 * A file question: checks the file against the compiled rules before anything is sent, uploads it
 * to a presigned URL with a progress bar, waits for the conversion (the button shows loading),
 * then shows the file's name and size with a delete option. Visitors are told to create an account.
 */
export function FileUploadWidget(props) {
  const { id, rawErrors, required, disabled, readonly } = props;
  const { runtime, layout } = widgetContext(props);
  const store = runtime.formStore ?? formApp();
  const documentAnswer = useFormApp((state) => state.documents?.[layout.key], store);
  const conversion = useFormApp((state) => state.conversions?.[layout.key], store);
  const bridge = runtime.bridge;
  const { problems, pick, confirming, setConfirming, deleting, remove } = useFileActions(
    store,
    layout,
    bridge,
  );

  if (!bridge.isLoggedIn) {
    return (
      <p id={id} className="block-note" tabIndex={-1}>
        {t("file_anonymous")}
      </p>
    );
  }

  const allErrors = [...problems, ...(rawErrors || [])];
  const busy = Boolean(conversion);
  return (
    <div className="file-upload">
      {documentAnswer && !busy ? (
        <FileAnswer
          id={id}
          documentAnswer={documentAnswer}
          readonly={readonly}
          onDelete={() => setConfirming(true)}
        />
      ) : (
        <FilePicker
          {...{ id, layout, busy, conversion, allErrors, required, disabled, readonly }}
          onChange={pick}
        />
      )}
      {problems.length > 0 && (
        <ul id={errorId(id)} className="field-errors" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {confirming && (
        <DeleteConfirm deleting={deleting} onCancel={() => setConfirming(false)} onConfirm={remove} />
      )}
    </div>
  );
}

/** The file given: its name and size, with a delete button. */
function FileAnswer({ id, documentAnswer, readonly, onDelete }) {
  return (
    <div id={id} className="file-answer" tabIndex={-1}>
      <span className="file-name" dir="auto">
        {documentAnswer.file_name}
      </span>{" "}
      <span className="file-size">({decimalSize(documentAnswer.file_size)})</span>
      {!readonly && (
        <button type="button" className="button button-secondary" onClick={onDelete}>
          {t("file_delete")}
        </button>
      )}
    </div>
  );
}

/** The rules, the file input and, while a file uploads or converts, its progress. */
function FilePicker({ id, layout, busy, conversion, allErrors, required, disabled, readonly, onChange }) {
  // What the file must be, said before it is chosen (and read with the control).
  const rulesId = `${id}__rules`;
  const extensions = layout.file.types.map((type) => `.${type}`);
  const rules = t("file_rules", {
    types: extensions.join(", "),
    size: decimalSize(layout.file.max_bytes),
    limit: layout.file.max_name_length,
  });
  return (
    <>
      <p id={rulesId} className="file-rules">
        {rules}
      </p>
      <input
        id={id}
        name={layout.key}
        className="file-input"
        type="file"
        accept={extensions.join(",")}
        disabled={busy || disabled || readonly}
        {...fieldAria(id, layout, required, allErrors)}
        aria-describedby={[rulesId, describedBy(id, layout, allErrors)].filter(Boolean).join(" ")}
        onChange={onChange}
      />
      {busy && (
        <span className="file-busy" role="status">
          <span className="spinner spinner-small" aria-hidden="true" />
          {conversion.phase === "uploading" ? t("file_uploading") : t("file_converting")}
        </span>
      )}
      {conversion?.phase === "uploading" && (
        <progress
          className="upload-progress"
          max="1"
          value={conversion.progress ?? 0}
          aria-label={t("file_uploading")}
        />
      )}
      {busy && conversion.phase !== "uploading" && (
        // Converting takes as long as it takes: a moving bar without a value.
        <progress className="upload-progress" aria-label={t("file_converting")} />
      )}
    </>
  );
}

function DeleteConfirm({ deleting, onCancel, onConfirm }) {
  return (
    <ConfirmDialog
      title={t("file_delete_title")}
      cancelLabel={t("file_delete_cancel")}
      confirmLabel={t("file_delete_confirm")}
      cancelClassName="button button-secondary"
      confirmDisabled={deleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>{t("file_delete_text")}</p>
    </ConfirmDialog>
  );
}

/** The file field type: a document; reads as its file name (its answer key is not a typed value). */
export const fieldType = {
  name: "file_upload",
  Widget: FileUploadWidget,
  file: true,
  review(layout, { documents }) {
    const name = documents?.[layout.key]?.file_name;
    return name ? [reviewRow(layout, name)] : [];
  },
  print(layout, value, { view }) {
    const document = view.document_answer?.[layout.key];
    return (
      <Row label={questionOf(layout)}>
        {document ? `${t("service_document_attached")} (${document.file_name})` : ""}
      </Row>
    );
  },
};
