import { Injectable } from '@nestjs/common';
import { isUuid } from '@reelsmith/kit';
import { DataSource, QueryFailedError, type Repository } from 'typeorm';
import { UserEntity } from './entities/user.entity';

export interface NewUser {
  username: string;
  usernameNormalized: string;
  passwordHash: string;
}

export class UsernameTakenError extends Error {}

/** Where users are stored; the service sees only this. */
export abstract class UsersRepository {
  abstract findByNormalizedUsername(usernameNormalized: string): Promise<UserEntity | null>;
  abstract findById(id: string): Promise<UserEntity | null>;
  /** Throws UsernameTakenError when the normalized username exists, even under a race. */
  abstract create(user: NewUser): Promise<UserEntity>;
}

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class TypeOrmUsersRepository extends UsersRepository {
  private readonly users: Repository<UserEntity>;

  constructor(dataSource: DataSource) {
    super();
    this.users = dataSource.getRepository(UserEntity);
  }

  findByNormalizedUsername(usernameNormalized: string) {
    return this.users.findOneBy({ usernameNormalized });
  }

  findById(id: string) {
    // A malformed id can never match; asking PostgreSQL would only raise a cast error.
    return isUuid(id) ? this.users.findOneBy({ id }) : Promise.resolve(null);
  }

  async create(user: NewUser) {
    try {
      return await this.users.save(this.users.create(user));
    } catch (err) {
      if (err instanceof QueryFailedError && (err.driverError as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new UsernameTakenError();
      }
      throw err;
    }
  }
}
