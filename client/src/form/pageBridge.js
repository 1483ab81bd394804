// The page's bridge (runtime.bridge): what the widgets call to change answers, add-another entries
// and tab choices. Made anew on every render of the page (it reads that render's props); the methods
// call each other through runtime.bridge, so they always reach the newest.
import { t } from "../strings/formStrings.js";
import { uploadBusy } from "../widgets/fileUpload.js";
import { ANSWERED } from "../shell/constants.js";
import { api } from "./appBridge.js";
import { settle } from "./visibility.js";
import { wouldClear } from "./clearing.js";
import { keyedLayouts, ownedKeys } from "./renderModel.js";
import { fieldType } from "../widgets/registry.js";
import { isAnswered } from "../widgets/readout.jsx";

/** Every answer key of one add-another entry, in layout order (the same order in every entry). */
function entryKeys(instance) {
  return instance.fields.flatMap(keyedLayouts).flatMap(ownedKeys);
}

/** The file questions of the tab shown now in `group`. */
function shownTabFileKeys(state, group) {
  const current = state.tabs?.[group.id] || group.default;
  const currentOption = group.options.find((option) => option.id === current);
  return (currentOption?.fields || []).filter((field) => fieldType(field.widget).file).map((f) => f.key);
}

/**
 * The page's context, shared by the method groups below: {runtime, store, compiled, model, latest
 * ({answers, app} of the newest render), askBeforeClearing(items) -> Promise<boolean>,
 * showBusy() (a file upload or conversion is in progress), toastError, isLoggedIn, readOnly}.
 */
export function createBridge(page) {
  const { isLoggedIn, readOnly, toastError } = page;
  return {
    isLoggedIn,
    readOnly,
    toastError,
    ...answerMethods(page),
    ...entryMethods(page),
    ...tabMethods(page),
  };
}

/**
 * Store new answers (over `base`, the answers they were worked out from): the inputs hear of them in
 * this same event, then the shell saves them.
 */
function publish({ runtime, latest }, changes, base = latest.current.answers) {
  const next = { ...base, ...changes };
  latest.current.answers = next;
  runtime.publish(next);
  // The shell stores this same map when it holds `base` (one copy of every answer, not two).
  latest.current.app.updateAnswers(changes, base, next);
}

function answerMethods(page) {
  const { runtime, store, compiled, model, latest, askBeforeClearing } = page;
  return {
    // A file question is answered exactly when its converted document exists (as on the server).
    onDocumentsChanged() {
      const documents = store.get().documents || {};
      const partial = {};
      for (const key of model.fileKeys) {
        const value = documents[key] ? ANSWERED : "";
        if ((latest.current.answers[key] ?? "") !== value) partial[key] = value;
      }
      if (Object.keys(partial).length) latest.current.app.updateAnswers(partial);
    },
    patch(partial) {
      const { tabs, addAnother, documents } = store.get();
      const clears = wouldClear(
        compiled,
        latest.current.answers,
        partial,
        { tabs, addAnother },
        { documents },
      );
      if (!clears.length) return runtime.bridge.apply(partial);
      return askBeforeClearing(clears).then((yes) => yes && runtime.bridge.apply(partial));
    },
    apply(partial) {
      // The change plus what the form's hiding rules clear because of it: the same rules the
      // server applies to the save (form/visibility.js, engine/definition/visibility.py).
      const { tabs, addAnother } = store.get();
      const { changes } = settle(compiled, latest.current.answers, partial, { tabs, addAnother });
      // The inputs that show these answers hear of them in this same event (a typed character
      // re-renders its input, and the caret stays where it is), then the shell stores them.
      publish(page, changes);
    },
    /** After a tab choice or an add-another count: what the rules now hide goes, saved or not yet. */
    resettle() {
      const { tabs, addAnother } = store.get();
      const { changes } = settle(compiled, latest.current.answers, {}, { tabs, addAnother });
      if (Object.keys(changes).length) publish(page, changes);
    },
    /** Mirror what the server reports it cleared (answers already gone there: nothing to save). */
    mirrorCleared(keys) {
      const clears = {};
      for (const key of keys || []) if ((latest.current.answers[key] ?? "") !== "") clears[key] = "";
      if (Object.keys(clears).length) publish(page, clears);
    },
  };
}

function entryMethods(page) {
  const { runtime, store, latest, askBeforeClearing, toastError } = page;
  return {
    async addAnother(buttonId, count) {
      try {
        const response = await api.putAddAnother(buttonId, count);
        store.set((state) => ({ addAnother: { ...state.addAnother, [buttonId]: count } }));
        latest.current.app.setAddAnother?.((counts) => ({ ...counts, [buttonId]: count }));
        runtime.bridge.resettle();
        runtime.bridge.mirrorCleared(response?.cleared);
        return true;
      } catch {
        toastError(t("error_add_another", { key: buttonId }));
        return false;
      }
    },
    /**
     * Remove entry `index` of the `shown` entries: the later entries move up one place and the
     * count goes down by one. An entry with answers is removed only once the applicant agrees.
     */
    async removeEntry(section, index, shown) {
      const answers = latest.current.answers;
      const entries = section.instances.slice(0, shown).map(entryKeys);
      const lost = section.instances[index].fields
        .flatMap(keyedLayouts)
        .filter((layout) => isAnswered(answers[layout.key]))
        .map((layout) => ({ key: layout.key, label: layout.label }));
      if (lost.length && !(await askBeforeClearing(lost))) return false;
      const changes = {};
      for (let entry = index; entry < shown; entry += 1) {
        entries[entry].forEach((key, position) => {
          const moved = entry + 1 < shown ? (answers[entries[entry + 1][position]] ?? "") : "";
          if ((answers[key] ?? "") !== moved) changes[key] = moved;
        });
      }
      if (Object.keys(changes).length) publish(page, changes, answers);
      return runtime.bridge.addAnother(section.add_another.id, shown - 1);
    },
  };
}

/** Delete the converted documents of `keys` (the files of the tab being left). */
async function deleteDocuments(store, state, keys) {
  for (const key of keys) {
    if (!state.documents?.[key]) continue;
    await api.deleteConversion(key);
    store.set((s) => {
      const next = { ...s.documents };
      delete next[key];
      return { documents: next };
    });
  }
}

function tabMethods(page) {
  const { runtime, store, compiled, latest, askBeforeClearing, showBusy, toastError } = page;
  return {
    chooseTab(group, tab) {
      const state = store.get();
      const fileKeys = shownTabFileKeys(state, group);
      if (uploadBusy(state, fileKeys)) {
        showBusy();
        return undefined;
      }
      const clears = wouldClear(
        compiled,
        latest.current.answers,
        {},
        { tabs: { ...state.tabs, [group.id]: tab.id }, addAnother: state.addAnother },
        { documents: state.documents, fileKeys },
      );
      if (!clears.length) return runtime.bridge.switchTab(group, tab);
      return askBeforeClearing(clears).then((yes) => yes && runtime.bridge.switchTab(group, tab));
    },
    async switchTab(group, tab) {
      const state = store.get();
      const currentFiles = shownTabFileKeys(state, group);
      if (uploadBusy(state, currentFiles)) {
        showBusy();
        return;
      }
      try {
        await deleteDocuments(store, state, currentFiles);
        const response = await api.putTabs(group.id, tab.id);
        store.set((s) => ({ tabs: { ...s.tabs, [group.id]: tab.id } }));
        latest.current.app.setTabs?.((tabs) => ({ ...tabs, [group.id]: tab.id }));
        runtime.bridge.resettle();
        runtime.bridge.mirrorCleared(response?.cleared);
      } catch {
        toastError(t("error_tabs", { key: group.default }));
        const [tabs, docs] = await Promise.all([
          api.fetchTabs().catch(() => null),
          api.documentAnswers().catch(() => null),
        ]);
        store.set((s) => ({ tabs: tabs ?? s.tabs, documents: docs ?? s.documents }));
      }
    },
  };
}
