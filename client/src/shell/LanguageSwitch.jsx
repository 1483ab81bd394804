import { t } from "../strings/strings.js";

/**
 * The compiled form's languages, each named in its own language from the browser's CLDR data
 * ("français", "español"; its first letter a capital: the stylesheet's; a tag CLDR does not know
 * reads as written, and `formengine validate` lets only well-formed tags through, which `Intl` takes
 * without an error), marked with its `lang`, the current one `aria-current`. A link reloads the page
 * in that language (`?lang=`, which the server keeps in a cookie); answers not yet saved are kept on
 * this device until sent, so a switch never loses one.
 */
export function LanguageSwitch({ compiled }) {
  const languages = compiled?.languages;
  return languages?.[1] ? (
    <nav className="languages" aria-label={t("languages")}>
      {languages.map((code) => (
        <a
          key={code}
          href={`?lang=${code}`}
          lang={code}
          aria-current={code === compiled.settings.language && "page"}
        >
          {new Intl.DisplayNames(code, { type: "language" }).of(code)}
        </a>
      ))}
    </nav>
  ) : null;
}
