/**
 * Whether the page has hydrated: until then components render what the server rendered (nothing from the browser's
 * storage), so the markup matches; they read the browser's state in an effect instead. Components mounted later
 * (client navigation) may read it in their first render.
 */
let hydrated = false;

export const hasHydrated = () => hydrated;

/** Called once by the root, in its effect, which runs after every effect of the hydrating tree. */
export function markHydrated() {
  hydrated = true;
  // Said on the page too: a server-rendered page shows its buttons before they answer (the journeys wait for it).
  document.documentElement.dataset.hydrated = "true";
}
