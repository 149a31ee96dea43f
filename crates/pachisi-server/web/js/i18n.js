// The page's words: every text the page's script shows comes from the catalogue the server put
// in the page (`<script type="application/json" id="words">`, in the language the person chose
// or the browser asked for), made from the same Fluent catalogues as the terminal's
// (crates/pachisi-words/locales/<language>/page.ftl and common.ftl).
//
// Each message is a list of parts (crates/pachisi-words/src/page.rs): text, `{v}` a value, or
// `{s, o, d}` a choice by a value: the variant of its exact value, else the variant of its
// plural category in the language, else the default. Plurals and grammar stay in the catalogue.

const data = (() => {
  try {
    return JSON.parse(document.getElementById('words')?.textContent ?? '{}');
  } catch {
    return {};
  }
})();

// The language the page speaks (`en`, `hi`, `ta`).
export const lang = data.lang ?? 'en';
const messages = data.messages ?? {};
const plurals = new Intl.PluralRules(lang);

function choose(part, value) {
  const variants = part.o ?? {};
  if (value !== undefined && value !== null) {
    const exact = String(value);
    if (exact in variants) return variants[exact];
    if (typeof value === 'number') {
      const category = plurals.select(value);
      if (category in variants) return variants[category];
    }
  }
  return variants[part.d] ?? [];
}

function put(parts, args) {
  return parts.map((part) => {
    if (typeof part === 'string') return part;
    if ('v' in part) return String(args[part.v] ?? '');
    return put(choose(part, args[part.s]), args);
  }).join('');
}

// The message `id` with its values (`t('pieces', { count: 3 })`). A message the
// catalogue lacks shows as its id in brackets, so that it is seen and fixed.
export function t(id, args = {}) {
  const parts = messages[id];
  return parts ? put(parts, args) : `[${id}]`;
}

// `items` (texts already said) as one list, "Red, Yellow and Black", joined as the catalogue
// joins lists (page-list-comma, page-list-and).
export function listAnd(items) {
  const all = items.map(String);
  if (all.length <= 1) return all[0] ?? '';
  return t('page-list-and', { head: all.slice(0, -1).join(t('page-list-comma')),
    last: all[all.length - 1] });
}

// Whether the catalogue has the message `id`.
export function has(id) {
  return id in messages;
}

// Wires the language chooser (`<select id="language">`, filled by the server): a choice is
// kept in a cookie the server reads (so the pages, /rules/NAME and /learn follow it) and the
// page opens again in the language chosen.
export function wireLanguage() {
  const chooser = document.getElementById('language');
  if (!chooser) return;
  chooser.addEventListener('change', () => {
    const tag = chooser.value.replace(/[^a-zA-Z-]/g, '');
    document.cookie = `lang=${tag}; path=/; max-age=31536000; SameSite=Lax`;
    window.location.reload();
  });
}
