import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { contentPageText } from '../../domain/content-page-text.ts';
import { contentPageAt } from '../../domain/content-pages.ts';
import {
  type ContentPageActorRef,
  contentPageMachine,
} from '../../machines/content-page/content-page.machine.ts';
import { css } from '../../styled-system/css';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { accountStyles } from '../ui/account-styles.ts';

/** A content page: its title, introduction and numbered sections, in the site's own terms. */
export function ContentPage({ actorRef }: { actorRef: ContentPageActorRef }) {
  const site = useSite();
  const page = useSelector(actorRef, (snapshot) => snapshot.context.page);
  const text = contentPageText(page, site);
  return (
    <article className={accountStyles.page} data-testid="content-page">
      <h1 className={accountStyles.heading}>{text.title}</h1>
      <p className={accountStyles.text}>{text.intro}</p>
      <ol className={css({ listStyle: 'decimal', pl: '6', maxW: '3xl' })}>
        {text.sections.map((section) => (
          <li key={section.heading} className={css({ mt: '6' })}>
            <h2 className={css({ fontSize: 'lg', fontWeight: 'bold' })}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className={accountStyles.text}>
                {paragraph}
              </p>
            ))}
          </li>
        ))}
      </ol>
      {page === 'tradeInTerms' && (
        <p className={accountStyles.row}>
          <Link href="/trade-in" className={accountStyles.link}>
            Value your car
          </Link>
          <Link href="/contact" className={accountStyles.link}>
            Contact us
          </Link>
        </p>
      )}
    </article>
  );
}

/** Routes of the content pages (`domain/content-pages.ts`), e.g. the trade-in terms. */
export const contentPage = definePage({
  logic: () => contentPageMachine,
  input: ({ path }) => ({ page: contentPageAt(path) ?? 'tradeInTerms' }),
  head: (snapshot, { site, path }) => {
    const text = contentPageText(snapshot.context.page, site);
    return {
      title: `${text.title} | ${site.name}`,
      description: text.description,
      status: 200,
      canonicalPath: path.split('?')[0] ?? path,
    };
  },
  View: ContentPage,
});
