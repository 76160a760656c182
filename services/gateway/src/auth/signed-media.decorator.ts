import { SetMetadata } from '@nestjs/common';

export const SIGNED_MEDIA = 'reelsmith:signedMedia';

/** A media route: a valid signed URL (uid, exp, sig) lets the owner in without a JWT. */
export const SignedMedia = () => SetMetadata(SIGNED_MEDIA, true);
