import type { PlanId } from '../../config/constants';

/** Static plan data. Prices in US dollars a month. */
export interface Plan {
  id: PlanId;
  name: string;
  price: number;
  interval: 'month';
  description: string;
  features: string[];
  popular: boolean;
  cta: string;
  highlight: string;
}

/** The longest video each plan takes, in minutes (the billing service's limit, services/billing/src/plans.ts). */
export const MAX_VIDEO_MINUTES: Record<PlanId, number> = { rookie: 30, pro: 60 };

export const PLANS: Plan[] = [
  {
    id: 'rookie',
    name: 'Rookie',
    price: 4.99,
    interval: 'month',
    popular: true,
    cta: 'Start with Rookie',
    highlight: 'Most Popular',
    description: 'For creators who cut a few events a month.',
    features: [
      '5 video uploads per month',
      `Videos up to ${MAX_VIDEO_MINUTES.rookie} minutes`,
      '25+ royalty-free music tracks',
      '1080p export',
      'No watermark',
      'Custom music',
      'Multiple formats',
      'Email support',
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 9.99,
    interval: 'month',
    popular: false,
    cta: 'Go Pro',
    highlight: 'Best Value',
    description: 'For teams and busy creators with a full calendar.',
    features: [
      'Unlimited video uploads',
      `Videos up to ${MAX_VIDEO_MINUTES.pro} minutes`,
      '50+ royalty-free music tracks',
      '1080p export',
      'No watermark',
      'Priority support',
      'Team collaboration (shared folders)',
      'Bulk processing',
      'Advanced analytics',
    ],
  },
];

export type BillingInterval = 'month' | 'year';

/** Yearly price in whole dollars: round(monthly x 12 x 0.8) ('Save 20%'). */
export function yearlyPrice(monthly: number): number {
  return Math.round(monthly * 12 * 0.8);
}

export function priceLabel(plan: Plan, interval: BillingInterval): string {
  return interval === 'year' ? `$${yearlyPrice(plan.price)}/year` : `$${plan.price.toFixed(2)}/month`;
}

export const SAVE_LABEL = 'Save 20%';
export const NO_FREE_TIER_BANNER = 'NO FREE TIER - Premium Quality Only';

export interface Testimonial {
  id: string;
  name: string;
  role: string;
  company: string;
  rating: 1 | 2 | 3 | 4 | 5;
  content: string;
  videoCount: number;
  featured: boolean;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    id: 't1',
    name: 'Maya Ortiz',
    role: 'Club media lead',
    company: 'Riverside FC',
    rating: 5,
    videoCount: 140,
    featured: true,
    content: 'We upload each half as the whistle goes and post a two-minute reel with every goal. Our socials have never been this quick.',
  },
  {
    id: 't2',
    name: 'James Whitfield',
    role: 'Wedding filmmaker',
    company: 'Whitfield Films',
    rating: 5,
    videoCount: 86,
    featured: false,
    content: 'It finds the vows, the speeches and the first dance, and lays the music on the beat. I only polish.',
  },
  {
    id: 't3',
    name: 'Priya Raman',
    role: 'Events manager',
    company: 'Northwind Conferences',
    rating: 4,
    videoCount: 52,
    featured: false,
    content: 'Keynotes and panels become short recaps the same evening. Bulk processing saves us a day per event.',
  },
];

export const STATS = [
  { value: '10,000+', label: 'Videos processed' },
  { value: '2,500+', label: 'Creators' },
  { value: '95%', label: 'Satisfaction' },
  { value: '70%', label: 'Time saved' },
];

export const FEATURES = [
  { title: 'AI highlight detection', text: 'Crowd roars, applause, speech and fast action are found and scored for you.' },
  { title: 'Music on the beat', text: 'Royalty-free tracks, cut on the beat and ducked under the speech.' },
  { title: 'Every format', text: '16:9 or 9:16, 1080p, MP4, MOV or AVI for every platform.' },
];

export const FAQ = [
  {
    q: 'How long does processing take?',
    a: "Usually from a few seconds to a few minutes for the whole video, and you can follow it live on the video's page. Allow up to 2-5 minutes per minute of video on Rookie and 1-3 minutes on Pro.",
  },
  { q: 'Which formats can I upload?', a: 'MP4, MOV, AVI and most other video formats up to 2GB; reels export as MP4, MOV or AVI.' },
  { q: 'How accurate is the AI?', a: 'It picks the moments editors would pick more than 90% of the time, and you can edit every moment.' },
  {
    q: 'Can my team use it?',
    a: 'Yes, on Pro: share a folder with up to 25 teammates by username. They watch its videos and make their own reels from them, while changing or deleting the videos stays yours. Pro also bulk-processes whole events at once.',
  },
  {
    q: 'Is my footage secure?',
    a: 'Your videos are private to your account, served through signed links, and never used for anything else. Annual plans can be refunded within 30 days; monthly plans can be cancelled anytime.',
  },
];
