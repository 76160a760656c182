import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ShareLinkEntity } from './share-link.entity';

/** The views of one share link on one day (UTC), for the weeks on /analytics; counted with the link's own total. */
@Entity({ name: 'share_link_views' })
export class ShareLinkViewEntity {
  @PrimaryColumn({ name: 'share_link_id', type: 'uuid', primaryKeyConstraintName: 'PK_share_link_views' })
  shareLinkId!: string;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_share_link_views' })
  day!: string;

  /** The day's views go with their link. */
  @ManyToOne(() => ShareLinkEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'share_link_id', foreignKeyConstraintName: 'FK_share_link_views_link' })
  link?: ShareLinkEntity;

  @Column({ type: 'int' })
  views!: number;
}
