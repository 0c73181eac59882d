/**
 * The body of an actor, action or guard declared in `setup` whose real implementation is bound later
 * with `machine.provide` (in `views/app/wiring.ts`, on the server, or by a test).
 */
export function notProvided(name: string): () => never {
  return () => {
    throw new Error(`"${name}" is not provided: bind it with machine.provide(...)`);
  };
}
