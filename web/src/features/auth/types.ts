import type { UserJson } from '@reelsmith/proto/http';

/** The signed-in account (GET /api/auth/me). */
export type User = UserJson;
