import { type DynamicModule, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { DatabaseModule, NatsModule } from '@reelsmith/kit';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import type { AuthConfig } from './config';
import { UserEntity } from './entities/user.entity';
import { CreateUsers1763712000000 } from './migrations/1763712000000-CreateUsers';
import { PasswordHasher } from './password-hasher';
import { TypeOrmUsersRepository, UsersRepository } from './users.repository';

export const AUTH_SCHEMA = 'auth';
export const authEntities = [UserEntity];
export const authMigrations = [CreateUsers1763712000000];

@Module({})
export class AuthModule {
  static register(config: AuthConfig): DynamicModule {
    return {
      module: AuthModule,
      imports: [
        DatabaseModule.forRoot({ url: config.DATABASE_URL, schema: AUTH_SCHEMA, entities: authEntities, migrations: authMigrations }),
        NatsModule.forRoot({ url: config.NATS_URL, service: 'auth' }),
        JwtModule.register({ secret: config.JWT_SECRET, signOptions: { algorithm: 'HS256', expiresIn: config.JWT_EXPIRES_IN } }),
      ],
      controllers: [AuthController],
      providers: [AuthService, PasswordHasher, { provide: UsersRepository, useClass: TypeOrmUsersRepository }],
    };
  }
}
