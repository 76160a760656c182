/** Public API of the auth feature: what other features may import (the sign-in screens load from app/). */
export { useCurrentUser } from './api/use-current-user';
export { useSignOut } from './api/use-sign-out';
