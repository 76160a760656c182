import { Column, CreateDateColumn, Entity, PrimaryColumn, Unique } from 'typeorm';

/** A user's Stripe customer (one each; migration CreateBilling1764000000000). */
@Entity({ name: 'customers' })
@Unique('UQ_customers_stripe_customer_id', ['stripeCustomerId'])
export class CustomerEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_customers_user_id' })
  userId!: string;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255 })
  stripeCustomerId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
