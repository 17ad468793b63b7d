/**
 * A language in its own name ("Deutsch", "Français", "Polski") and in another language ("German"), from
 * Intl.DisplayNames; capitalised by the rules of that language, since Intl answers some in lower case ("français").
 */
export function languageName(language: string, inLanguage: string = language): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([inLanguage], { type: 'language', fallback: 'code' }).of(language);
  } catch {
    name = undefined;
  }
  const text = name ?? language;
  return text.charAt(0).toLocaleUpperCase(inLanguage) + text.slice(1);
}
