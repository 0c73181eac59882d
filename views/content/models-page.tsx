import type { SitePageAnswer } from '../../domain/contracts/pages.ts';

type ModelsAnswer = Extract<SitePageAnswer, { kind: 'models' }>;

const MARKS = { new: 'NEW', coming_soon: 'COMING SOON', '': null } as const;

/**
 * §2 model range (`/models`, `/models?body={body-name}`): the body types as a filter, then the
 * dealer's models under each, NEW or COMING SOON, each leading to its stock.
 */
export function ModelsPage({ page }: { page: ModelsAnswer }) {
  if (page.groups.length === 0) {
    return (
      <p>
        Browse our <a href="/search">stock</a>.
      </p>
    );
  }
  return (
    <>
      {page.filter.length > 0 && (
        <nav aria-label="Body types">
          <ul>
            {page.filter.map((entry) => (
              <li key={entry.href}>
                <a href={entry.href} aria-current={entry.current ? 'page' : undefined}>
                  {entry.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {page.groups.map((group) => (
        <section key={group.category}>
          <h2>{group.category}</h2>
          <ul>
            {group.models.map((model) => (
              <li key={model.href}>
                <a href={model.href}>{model.name}</a>
                {MARKS[model.status] && (
                  <>
                    {' '}
                    <strong>{MARKS[model.status]}</strong>
                  </>
                )}
                {model.description && <> — {model.description}</>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
