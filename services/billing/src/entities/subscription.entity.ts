import { Column, Entity, PrimaryColumn, UpdateDateColumn, type ValueTransformer } from 'typeorm';

/** Stripe's seconds in a bigint column, as a number (they fit in 53 bits for a few million years). */
const seconds: ValueTransformer = {
  to: (value: number) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** The user's current subscription as Stripe last told us (one row a user; the newest state wins). */
@Entity({ name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_subscriptions_user_id' })
  userId!: string;

  @Column({ name: 'stripe_subscription_id', type: 'varchar', length: 255 })
  stripeSubscriptionId!: string;

  /** rookie or pro ('' when Stripe's plan is not one of ours). */
  @Column({ type: 'varchar', length: 20 })
  plan!: string;

  /** month or year. */
  @Column({ type: 'varchar', length: 10 })
  interval!: string;

  /** Stripe's subscription status (incomplete, active, past_due, canceled, ...). */
  @Column({ type: 'varchar', length: 40 })
  status!: string;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  /** Since when the subscription is past_due (kept while it stays so; the grace period counts from it). */
  @Column({ name: 'past_due_since', type: 'timestamptz', nullable: true })
  pastDueSince!: Date | null;

  /** Stripe's `created` of the subscription, in seconds: a newer subscription replaces an older one. */
  @Column({ name: 'subscription_created', type: 'bigint', transformer: seconds })
  subscriptionCreated!: number;

  /** When Stripe had this state (event.created, or the time of an API answer), in seconds. */
  @Column({ name: 'state_at', type: 'bigint', transformer: seconds })
  stateAt!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
