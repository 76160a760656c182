import { DEFAULT_SETTINGS, withDefaultSettings } from './settings';

describe('default settings', () => {
  it('send every mail but the weekly digest, and keep videos private and undeleted', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      email: '',
      name: '',
      notifications: { uploadConfirmation: true, highlightCompletion: true, processingErrors: true, weeklyDigest: false },
      privacy: { autoDeleteAfter30Days: false, publicHighlights: false },
      musicTrackId: null,
      transcriptLanguage: 'en',
    });
    expect(Object.isFrozen(DEFAULT_SETTINGS.notifications)).toBe(true);
  });

  it('are what a user who never saved settings has', () => {
    expect(withDefaultSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(withDefaultSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(withDefaultSettings({})).toEqual(DEFAULT_SETTINGS);
  });

  it('fill only what is missing: saved values, false ones included, stand', () => {
    const settings = withDefaultSettings({ email: 'a@example.com', notifications: { uploadConfirmation: false, weeklyDigest: true } });
    expect(settings).toEqual({
      email: 'a@example.com',
      name: '',
      notifications: { uploadConfirmation: false, highlightCompletion: true, processingErrors: true, weeklyDigest: true },
      privacy: { autoDeleteAfter30Days: false, publicHighlights: false },
      musicTrackId: null,
      transcriptLanguage: 'en',
    });
    // A message's empty track id is no choice.
    expect(withDefaultSettings({ musicTrackId: '' }).musicTrackId).toBeNull();
    expect(withDefaultSettings({ musicTrackId: 'track-03' }).musicTrackId).toBe('track-03');
    // Transcripts are English until the user picks another language.
    expect(withDefaultSettings({ transcriptLanguage: '' }).transcriptLanguage).toBe('en');
    expect(withDefaultSettings({ transcriptLanguage: 'de' }).transcriptLanguage).toBe('de');
  });

  it('copy only the settings themselves from a richer object (a message, an entity)', () => {
    const message = {
      $typeName: 'notifications.v1.Settings',
      email: 'b@example.com',
      name: 'B',
      notifications: { $typeName: 'x', uploadConfirmation: true, highlightCompletion: false, processingErrors: true, weeklyDigest: false },
      privacy: undefined,
    };
    const settings = withDefaultSettings(message);
    expect(Object.keys(settings)).toEqual(['email', 'name', 'notifications', 'privacy', 'musicTrackId', 'transcriptLanguage']);
    expect(Object.keys(settings.notifications)).toEqual(['uploadConfirmation', 'highlightCompletion', 'processingErrors', 'weeklyDigest']);
    expect(settings.notifications.highlightCompletion).toBe(false);
    expect(settings.privacy).toEqual(DEFAULT_SETTINGS.privacy);
    // A fresh object each time: changing it changes no default.
    settings.notifications.weeklyDigest = true;
    expect(DEFAULT_SETTINGS.notifications.weeklyDigest).toBe(false);
  });
});
