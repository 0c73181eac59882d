import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect, useEffectEvent, useState } from 'react';
import type { DirectorySearchActorRef } from '../../machines/directory-search/directory-search.machine.ts';
import { useSite } from '../app/site-context.tsx';
import { directorySearchLogic } from '../app/wiring.search.ts';
import type { DirectorySearchProps } from './directory-search.tsx';

/**
 * The search box's actor (decision 041): the machine bound to the site's search connection (or the
 * props' `logic`), its emitted commits and navigations turned into the props' callbacks, and the
 * listing's query sent in as `query.update` whenever it changes.
 */
export function useDirectorySearchActor(props: DirectorySearchProps): DirectorySearchActorRef {
  const { query, onQuery, onNavigate, suggestions = true } = props;
  const site = useSite();
  const queryClient = useQueryClient();
  const [logic] = useState(
    () =>
      props.logic ??
      directorySearchLogic({
        queryClient,
        endpoint: site.search_connection,
        index: site.search_connection.indices.models,
      }),
  );
  const actorRef = useActorRef(logic, { input: { query, suggestions } });
  const commit = useEffectEvent(onQuery);
  const navigate = useEffectEvent(onNavigate);
  useEffect(() => {
    const subscriptions = [
      actorRef.on('query.commit', (event) => commit(event.query)),
      actorRef.on('suggestion.navigate', (event) => navigate(event.path)),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actorRef]);
  useEffect(() => actorRef.send({ type: 'query.update', query }), [actorRef, query]);
  return actorRef;
}
