import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes), stored as a PHC string. */
@Injectable()
export class PasswordHasher {
  /** Verified against when the username is unknown, so both paths cost the same time. */
  private readonly decoy = argon2.hash('reelsmith-decoy-password', { type: argon2.argon2id });

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? (await this.decoy), password);
    } catch {
      return false;
    }
  }
}
