import { usePage } from '../PageContext.js';

/**
 * The language a search form keeps: a GET form replaces its action's query with its fields, so a
 * language the URL chose (`lang`) travels as a hidden field. Nothing when the browser's
 * `Accept-Language` chose it (the next page negotiates again) or in the static export.
 */
export function LanguageField() {
  const { language, site } = usePage();
  return language.explicit && !site.staticExport ? <input type="hidden" name="lang" value={language.tag} /> : null;
}
