// The page's words in the person's language (docs/i18n.md): the server writes them into
// the page as one JSON block (<script type="application/json" id="words">, from
// kaboom.web.pages.page_words); no page holds a catalogue of its own. `t("Look back")`,
// `t("{n} s", {n: 3})`, `nt("{n} card", "{n} cards", n)`: a message missing from the block is
// said in its English.

const block = document.getElementById("words");
const data = block ? JSON.parse(block.textContent || "{}") : {};

/** The page's language (`en`, `nb`; `pseudo` in the tests). */
export const lang = data.lang || document.documentElement.lang || "en";
const words = data.words || {};
const plurals = data.plurals || {};

let rules = null;
try { rules = new Intl.PluralRules(lang === "pseudo" ? "en" : lang); } catch { rules = new Intl.PluralRules("en"); }

/** `{name}` placeholders filled from `values`. */
function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{([a-z_][a-z0-9_]*)\}/gi, (all, key) => (key in values ? String(values[key]) : all));
}

/** A message in the page's language, its `{placeholders}` filled from `values`. */
export function t(message, values) {
  const said = Object.prototype.hasOwnProperty.call(words, message) ? words[message] : message;
  return fill(said || message, values);
}

/** A counted message: the form for `n` (`{n}` filled with it, and any other `values`). */
export function nt(one, many, n, values) {
  const forms = Object.prototype.hasOwnProperty.call(plurals, one) ? plurals[one] : [one, many];
  const form = forms.length > 1 && rules.select(n) !== "one" ? forms[1] : forms[0];
  return fill(form || (n === 1 ? one : many), { n, ...values });
}

/** Choose a language: remembered a year in the `kaboom_lang` cookie; the page reloads in it. */
export function chooseLanguage(code) {
  document.cookie = `kaboom_lang=${encodeURIComponent(code)}; max-age=31536000; path=/; SameSite=Lax`;
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  location.replace(url.toString());
}

/** The switch at the top of every page (`<select id="lang-switch">`). */
function wireSwitch() {
  const box = document.getElementById("lang-switch");
  if (box) box.addEventListener("change", () => chooseLanguage(box.value));
}
wireSwitch();
