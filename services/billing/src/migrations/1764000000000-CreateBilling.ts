import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBilling1764000000000 implements MigrationInterface {
  name = 'CreateBilling1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "billing"."customers" (
        "user_id" uuid NOT NULL,
        "stripe_customer_id" character varying(255) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_customers_user_id" PRIMARY KEY ("user_id"),
        CONSTRAINT "UQ_customers_stripe_customer_id" UNIQUE ("stripe_customer_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "billing"."subscriptions" (
        "user_id" uuid NOT NULL,
        "stripe_subscription_id" character varying(255) NOT NULL,
        "plan" character varying(20) NOT NULL,
        "interval" character varying(10) NOT NULL,
        "status" character varying(40) NOT NULL,
        "current_period_end" TIMESTAMP WITH TIME ZONE,
        "cancel_at_period_end" boolean NOT NULL DEFAULT false,
        "past_due_since" TIMESTAMP WITH TIME ZONE,
        "subscription_created" bigint NOT NULL,
        "state_at" bigint NOT NULL,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_subscriptions_user_id" PRIMARY KEY ("user_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "billing"."webhook_events" (
        "id" character varying(255) NOT NULL,
        "type" character varying(100) NOT NULL,
        "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_webhook_events_id" PRIMARY KEY ("id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "billing"."webhook_events"`);
    await queryRunner.query(`DROP TABLE "billing"."subscriptions"`);
    await queryRunner.query(`DROP TABLE "billing"."customers"`);
  }
}
