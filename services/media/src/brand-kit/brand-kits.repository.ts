import { Injectable } from '@nestjs/common';
import { isUuid } from '@reelsmith/kit';
import { DataSource, type Repository } from 'typeorm';
import { BrandKitEntity } from '../entities/brand-kit.entity';

/** Brand kits, one per user, read and written only by their owner's id. */
export abstract class BrandKitsRepository {
  abstract find(userId: string): Promise<BrandKitEntity | null>;
  /** Writes the given fields of the user's kit, creating it (with defaults for the rest) when there is none. */
  abstract save(userId: string, kit: Partial<Omit<BrandKitEntity, 'userId' | 'createdAt' | 'updatedAt'>>): Promise<BrandKitEntity>;
}

@Injectable()
export class TypeOrmBrandKitsRepository extends BrandKitsRepository {
  private readonly kits: Repository<BrandKitEntity>;

  constructor(dataSource: DataSource) {
    super();
    this.kits = dataSource.getRepository(BrandKitEntity);
  }

  find(userId: string) {
    return isUuid(userId) ? this.kits.findOneBy({ userId }) : Promise.resolve(null);
  }

  async save(userId: string, kit: Partial<BrandKitEntity>) {
    const existing = await this.find(userId);
    return this.kits.save(this.kits.create({ ...(existing ?? { userId }), ...kit, userId }));
  }
}
