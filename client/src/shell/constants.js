// Shared timings and sizes of the shell (and the theme's defaults).
export const LOADING_SIZES = { small: "0.4rem", medium: "0.8rem", large: "2rem" };
export const ANSWER_SAVE_DEBOUNCE_MS = 1200;
export const THEME_COLOURS = ["primary", "secondary", "accent", "neutral", "white", "error", "disabled"];
export const THEME_SHADES = ["extraLight", "light", "main", "dark"];
// A file question's answer while its converted document exists (engine/definition/visibility.py ANSWERED).
export const ANSWERED = "ANSWERED";
