import { sourceAddress, sourceUrl } from '@vatlas/domain';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The research's source keys of a rule, comma-separated. A key is a link to its page, opened in a new tab with the
 * page's address as its title, where the research gives that whole address; otherwise it is the key as text, with the
 * address the research gives as its title.
 */
export function SourceKeys({ sources }: { sources: readonly string[] }) {
  return sources.map((key, index) => {
    const url = sourceUrl(key);
    return (
      <Fragment key={key}>
        {index > 0 ? ', ' : null}
        {url === undefined ? (
          <span title={sourceAddress(key)}>{key}</span>
        ) : (
          <a
            className="text-primary-strong underline"
            href={url}
            title={sourceAddress(key)}
            target="_blank"
            rel="noreferrer"
          >
            {key}
          </a>
        )}
      </Fragment>
    );
  });
}

/** What a translation is given for `{{sources}}`, to be cut at: a character no text of the app contains. */
const SOURCES_MARK = '\u2063';

/**
 * The translation `textKey` ("Sources: {{sources}}") with the source keys where it puts them, so each language keeps
 * its own words and punctuation around the list.
 */
export function SourcesText({ textKey, sources }: { textKey: string; sources: readonly string[] }) {
  const { t } = useTranslation();
  const [before, after = ''] = t(textKey, { sources: SOURCES_MARK }).split(SOURCES_MARK);
  return (
    <>
      {before}
      <SourceKeys sources={sources} />
      {after}
    </>
  );
}
