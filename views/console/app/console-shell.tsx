import { useActorRef } from '@xstate/react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { StaffMember } from '../../../domain/staff.ts';
import type { ConsoleShellActorRef } from '../../../machines/console-shell/console-shell.machine.ts';
import type { Http } from '../../../services/http.ts';
import { inspectOption } from '../../app/inspector.ts';
import { consoleShellLogic } from './wiring.ts';

const ConsoleShellContext = createContext<ConsoleShellActorRef | null>(null);

/**
 * Runs the console's shell actor for the whole app: opened with the member the server found (boot
 * data), so the server's render and hydration agree. Pages reach it through their wiring's `shell`.
 */
export function ConsoleShellProvider({
  member,
  http,
  children,
}: {
  member: StaffMember | null;
  http: Http;
  children: ReactNode;
}) {
  const logic = useMemo(() => consoleShellLogic(http), [http]);
  const actorRef = useActorRef(logic, { input: { member }, inspect: inspectOption() });
  return <ConsoleShellContext.Provider value={actorRef}>{children}</ConsoleShellContext.Provider>;
}

/** The console's shell actor. */
export function useConsoleShell(): ConsoleShellActorRef {
  const shell = useContext(ConsoleShellContext);
  if (!shell) throw new Error('useConsoleShell() needs a <ConsoleShellProvider>');
  return shell;
}
