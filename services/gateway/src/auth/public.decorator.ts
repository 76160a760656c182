import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'reelsmith:isPublic';

/** Lets a route through without a JWT (sign-in and sign-up). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
