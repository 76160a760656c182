/** The canned sample reels of /demo: static, no server call. */
export type DemoKind = 'sport' | 'wedding' | 'business' | 'travel';

export interface DemoHighlight {
  id: string;
  kind: DemoKind;
  title: string;
  description: string;
  /** m:ss of the finished reel. */
  duration: string;
  tags: string[];
  /** What the thumbnail shows (drawn, no image file). */
  thumbnail: string;
  /** A track of the music library. */
  musicTrack: string;
  highlights: Array<{ time: string; label: string }>;
}

export const DEMO_HIGHLIGHTS: readonly DemoHighlight[] = [
  {
    id: 'soccer-final',
    kind: 'sport',
    title: 'Soccer: Championship Final',
    description: 'An hour of a cup final cut to the goals, the saves and the crowd going wild.',
    duration: '2:30',
    tags: ['Sport', 'Soccer', 'Crowd reactions'],
    thumbnail: 'A striker celebrating in front of the stands',
    musicTrack: 'Stadium Lights',
    highlights: [
      { time: '0:08', label: 'Opening goal' },
      { time: '0:41', label: 'Diving save' },
      { time: '1:17', label: 'Equaliser from a corner' },
      { time: '1:58', label: 'Winning penalty' },
      { time: '2:20', label: 'Trophy lift' },
    ],
  },
  {
    id: 'wedding-day',
    kind: 'wedding',
    title: "Wedding: Maya & Daniel's Day",
    description: 'The ceremony, the speeches and the first dance from an hour of the day.',
    duration: '3:45',
    tags: ['Wedding', 'Ceremony', 'Emotional'],
    thumbnail: 'The couple under a flower arch',
    musicTrack: 'Vows Under Starlight',
    highlights: [
      { time: '0:15', label: 'Walk down the aisle' },
      { time: '0:52', label: 'Exchanging vows' },
      { time: '1:40', label: 'First kiss' },
      { time: '2:35', label: "Best man's speech" },
      { time: '3:10', label: 'First dance' },
    ],
  },
  {
    id: 'business-conference',
    kind: 'business',
    title: 'Business Conference: Keynote',
    description: 'A one-hour keynote reduced to the announcements and the applause.',
    duration: '1:15',
    tags: ['Business', 'Conference', 'Keynote'],
    thumbnail: 'A speaker on stage in front of a large screen',
    musicTrack: 'Afterglow Avenue',
    highlights: [
      { time: '0:05', label: 'Opening line' },
      { time: '0:22', label: 'Product reveal' },
      { time: '0:48', label: 'Standing ovation' },
      { time: '1:05', label: 'Closing remarks' },
    ],
  },
  {
    id: 'travel-iceland',
    kind: 'travel',
    title: 'Travel: Iceland Road Trip',
    description: 'Two weeks of waterfalls, glaciers and black sand beaches, filmed in an hour of clips, in one reel.',
    duration: '4:20',
    tags: ['Travel', 'Landscapes', 'Adventure'],
    thumbnail: 'A waterfall at sunrise',
    musicTrack: 'The Long Ascent',
    highlights: [
      { time: '0:12', label: 'Waterfall at dawn' },
      { time: '1:05', label: 'Glacier hike' },
      { time: '2:10', label: 'Black sand beach' },
      { time: '3:02', label: 'Northern lights' },
      { time: '3:55', label: 'Hot spring at night' },
    ],
  },
];
