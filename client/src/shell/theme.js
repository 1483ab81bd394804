// The tenant's theme (settings.theme: colour -> {extraLight, light, main, dark}) as CSS custom
// properties (--primary, --primary-light, ...); styles.css holds the defaults. Header images:
// settings.header_images maps a route's first path segment (or "default") to an image URL.
import { THEME_COLOURS, THEME_SHADES } from "./constants.js";

const kebab = (text) => text.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const SAFE_COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]+)$/i;

export function themeVariables(theme) {
  const vars = {};
  for (const colour of THEME_COLOURS) {
    const shades = theme?.[colour];
    if (!shades) continue;
    const entries = typeof shades === "string" ? { main: shades } : shades;
    for (const shade of THEME_SHADES) {
      const value = entries[shade];
      if (typeof value !== "string" || !SAFE_COLOUR.test(value.trim())) continue;
      vars[shade === "main" ? `--${colour}` : `--${colour}-${kebab(shade)}`] = value.trim();
    }
  }
  return vars;
}

export const firstSegment = (pathname) => pathname.split("/").filter(Boolean)[0] || "default";

export function headerImage(settings, pathname) {
  const images = settings?.header_images || {};
  const url = images[firstSegment(pathname)] ?? images.default;
  return typeof url === "string" && /^(\/|https:)/.test(url) ? url : null;
}
