import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'reelsmith:isPublic';

/**
 * Lets a route through the gateway's JWT guard, which otherwise protects every route: health
 * checks, sign-in and sign-up, the music catalogue's audio.
 */
export const Public = () => SetMetadata(IS_PUBLIC, true);
