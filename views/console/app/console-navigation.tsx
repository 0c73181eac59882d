import { createContext, useContext } from 'react';
import type { StaffMember } from '../../../domain/staff.ts';

/** One entry of the console's navigation: a page a member's role opens. */
export interface ConsoleNavEntry {
  href: string;
  label: string;
  summary: string | undefined;
}

/** The navigation for a member's role. */
export type ConsoleNavigation = (member: Pick<StaffMember, 'role'>) => ConsoleNavEntry[];

const ConsoleNavigationContext = createContext<ConsoleNavigation>(() => []);

/**
 * Gives the layout and the pages the navigation read from the registry (`pages.ts`) by the app,
 * which is what imports the registry: a page importing it would import the module that loads it.
 */
export const ConsoleNavigationProvider = ConsoleNavigationContext.Provider;

/** The pages a member's role opens, in the registry's order; none signed out. */
export function useConsoleNavigation(member: Pick<StaffMember, 'role'> | null): ConsoleNavEntry[] {
  const navigation = useContext(ConsoleNavigationContext);
  return member ? navigation(member) : [];
}
