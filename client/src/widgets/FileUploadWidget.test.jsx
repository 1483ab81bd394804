// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, createFormApp } from "../form/appBridge.js";
import { FileUploadWidget } from "./FileUploadWidget.jsx";
import { POLL_MS, uploadBusy, uploadFile } from "./fileUpload.js";
import { applyTexts, decimalSize } from "../strings/strings.js";
import { renderWidget } from "./testing.jsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const RULES = {
  types: ["png", "jpeg", "jpg", "pdf", "docx"],
  max_bytes: 1000000,
  max_name_length: 32,
  messages: {
    too_large: "TOO LARGE",
    wrong_type: "WRONG TYPE",
    empty: "EMPTY",
    name_too_long: "NAME TOO LONG",
  },
};
const LAYOUT = { key: "essay_file", label: "Upload your response", file: RULES };

function renderUpload({ isLoggedIn = true, documents = {} } = {}) {
  const store = createFormApp({ documents });
  const view = renderWidget(FileUploadWidget, { layout: LAYOUT, isLoggedIn });
  view.runtime.formStore = store;
  view.rerender(undefined);
  return { ...view, store };
}

const fileOf = (name, size) => new File([new Uint8Array(size)], name);

describe("decimalSize", () => {
  it("uses decimal units", () => {
    expect(decimalSize(667)).toBe("667 B");
    expect(decimalSize(36669)).toBe("36.7 kB");
    expect(decimalSize(1000000)).toBe("1 MB");
  });

  it("writes the units in the tenant's words", () => {
    applyTexts({ size_bytes: "{n} o", size_kilobytes: "{n} Ko" });
    try {
      expect(decimalSize(667)).toBe("667 o");
      expect(decimalSize(36669)).toBe("36.7 Ko");
      expect(decimalSize(1000000)).toBe("1 MB");
    } finally {
      applyTexts(undefined);
    }
  });
});

describe("FileUploadWidget", () => {
  it("tells a visitor the question can be finished once they have an account", () => {
    renderUpload({ isLoggedIn: false });
    expect(screen.getByText("This question can be finished once you have created an account.")).toBeTruthy();
    expect(document.querySelector("input[type=file]")).toBeNull();
  });

  it("checks the file with the compiled messages before anything is sent", async () => {
    const presign = vi.spyOn(api, "presign");
    const { container } = renderUpload();
    const input = container.querySelector("input[type=file]");
    expect(input.getAttribute("accept")).toBe(".png,.jpeg,.jpg,.pdf,.docx");
    // The rules are said before a file is chosen, and read with the control.
    const rules = document.getElementById(input.getAttribute("aria-describedby").split(" ")[0]);
    expect(rules.textContent).toBe(
      "Allowed file types: .png, .jpeg, .jpg, .pdf, .docx. Maximum size: 1 MB. File name: at most 32 characters.",
    );
    await act(async () =>
      fireEvent.change(input, { target: { files: [fileOf("a-very-long-name-for-an-essay-file.exe", 0)] } }),
    );
    expect(screen.getByRole("alert").textContent).toBe("WRONG TYPEEMPTYNAME TOO LONG");
    await act(async () => fireEvent.change(input, { target: { files: [fileOf("essay.pdf", 1000001)] } }));
    expect(screen.getByRole("alert").textContent).toBe("TOO LARGE");
    expect(presign).not.toHaveBeenCalled();
  });

  it("shows a converted file's name and size, and deletes it through the Delete File modal", async () => {
    const remove = vi.spyOn(api, "deleteDocumentAnswer").mockResolvedValue({ message: "ok" });
    const { store } = renderUpload({
      documents: { essay_file: { file_name: "essay.docx", file_size: 36669 } },
    });
    expect(screen.getByText("essay.docx")).toBeTruthy();
    expect(screen.getByText("(36.7 kB)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete file" }));
    const dialog = screen.getByRole("dialog", { name: "Delete File" });
    expect(dialog.textContent).toContain("Are you sure you want to delete your file?");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Delete file" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Delete" })));
    expect(remove).toHaveBeenCalledWith("essay_file");
    expect(store.get().documents).toEqual({});
  });
});

describe("uploadFile", () => {
  it("presigns, uploads with progress, converts and polls every 2 s until completed", async () => {
    vi.useFakeTimers();
    const store = createFormApp();
    vi.spyOn(api, "presign").mockResolvedValue({ url: "/upload", fields: { key: "k1", policy: "p" } });
    const start = vi.spyOn(api, "startConversion").mockResolvedValue({ status: "unprocessed", message: "" });
    const status = vi
      .spyOn(api, "conversionStatus")
      .mockResolvedValueOnce({ status: "IN_PROGRESS", message: "" })
      .mockResolvedValueOnce({ status: "completed", message: "" });
    vi.spyOn(api, "documentAnswers").mockResolvedValue({ essay_file: { file_name: "e.png", file_size: 5 } });
    const progress = [];
    const upload = vi.fn(async (presigned, file, onProgress) => {
      onProgress(0.5);
      progress.push(store.get().conversions.essay_file);
    });
    const done = uploadFile(store, {
      key: "essay_file",
      rules: RULES,
      file: fileOf("e.png", 5),
      toastError: vi.fn(),
      upload,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(progress).toEqual([{ phase: "uploading", progress: 0.5 }]);
    expect(start).toHaveBeenCalledWith("essay_file", "k1", "e.png");
    expect(uploadBusy(store.get(), ["essay_file"])).toBe(true);
    expect(status).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(status).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(await done).toEqual([]);
    expect(store.get().documents).toEqual({ essay_file: { file_name: "e.png", file_size: 5 } });
    expect(uploadBusy(store.get(), ["essay_file"])).toBe(false);
  });

  it("a failed upload raises 'Error uploading file for {key}' and deletes the conversion", async () => {
    const store = createFormApp();
    vi.spyOn(api, "presign").mockRejectedValue(new Error("refused"));
    const deleteConversion = vi.spyOn(api, "deleteConversion").mockResolvedValue({});
    const toastError = vi.fn();
    await uploadFile(store, { key: "essay_file", rules: RULES, file: fileOf("e.png", 5), toastError });
    expect(toastError).toHaveBeenCalledWith("Error uploading file for essay_file", "refused");
    expect(deleteConversion).toHaveBeenCalledWith("essay_file");
  });
});
