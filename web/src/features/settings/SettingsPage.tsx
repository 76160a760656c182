import { useEffect, useState } from 'react';
import { Loader2, Mail, Save } from 'lucide-react';
import { DEFAULT_SETTINGS } from '@reelsmith/proto/http/settings';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { Skeleton } from '../../components/ui/skeleton';
import { PageHeader } from '../../components/layout/PageHeader';
import { BillingSection } from '../billing';
import { ShareLinksCard } from '../share-links';
import { BrandKitCard } from './components/BrandKitCard';
import { isTranscriptLanguage, LANGUAGE_NAMES } from '../transcript';
import { TRANSCRIPT_LANGUAGES, type TranscriptLanguage } from '@reelsmith/proto/http';
import { useSaveSettings, useSendTestEmail, useSettings } from './api/settings';
import { NotificationHistory } from './components/NotificationHistory';
import { Toggle } from './components/Toggle';
import type { NotificationFlags, PrivacyFlags, Settings, TestEmailType } from './types';

const NOTIFICATION_TOGGLES: Array<{ key: keyof NotificationFlags; label: string; description: string }> = [
  { key: 'uploadConfirmation', label: 'Upload confirmation', description: 'An e-mail when an uploaded video is processed and ready.' },
  { key: 'highlightCompletion', label: 'Highlight completion', description: 'An e-mail when a highlight reel or a bulk batch is ready.' },
  { key: 'processingErrors', label: 'Processing errors', description: 'An e-mail when a video or reel fails, with the reason and what to do.' },
  { key: 'weeklyDigest', label: 'Weekly digest', description: 'Once a week: new videos, reels made, minutes processed and failures.' },
];

const PRIVACY_TOGGLES: Array<{ key: keyof PrivacyFlags; label: string; description: string }> = [
  {
    key: 'autoDeleteAfter30Days',
    label: 'Auto-delete after 30 days',
    description: 'Processed videos older than 30 days are deleted with their reels, once a day.',
  },
  { key: 'publicHighlights', label: 'Public highlights', description: 'Let others view your highlight reels.' },
];

export function SettingsPage() {
  const { data, isLoading } = useSettings();
  const save = useSaveSettings();
  const sendTest = useSendTestEmail();
  const [form, setForm] = useState<Settings>(DEFAULT_SETTINGS);
  const [testType, setTestType] = useState<TestEmailType>('upload');

  // The saved settings fill the form when they arrive (and again after Cancel).
  useEffect(() => {
    if (data) setForm(data);
  }, [data]);

  const setNotification = (key: keyof NotificationFlags, value: boolean) => setForm((f) => ({ ...f, notifications: { ...f.notifications, [key]: value } }));
  const setPrivacy = (key: keyof PrivacyFlags, value: boolean) => setForm((f) => ({ ...f, privacy: { ...f.privacy, [key]: value } }));

  // Cancel reloads the page: the form goes back to what is saved.
  const cancel = () => window.location.reload();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title="Settings" description="Your profile, e-mail notification preferences and privacy options." />
      <form
        noValidate
        className="flex flex-col gap-6"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(form);
        }}
      >
        <Card>
          <CardHeader>
            <CardTitle as="h2">Profile</CardTitle>
            <CardDescription>Where we send your e-mails, and the name we greet you with.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="settings-name">Full name</Label>
              {isLoading ? (
                <Skeleton className="h-10" />
              ) : (
                <Input
                  id="settings-name"
                  autoComplete="name"
                  placeholder="Jane Doe"
                  value={form.name}
                  maxLength={100}
                  onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
                />
              )}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="settings-email">E-mail</Label>
              {isLoading ? (
                <Skeleton className="h-10" />
              ) : (
                <Input
                  id="settings-email"
                  type="email"
                  autoComplete="email"
                  placeholder="jane@example.com"
                  value={form.email}
                  maxLength={254}
                  onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))}
                />
              )}
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">E-mail notifications</CardTitle>
            <CardDescription>Choose which e-mails we send. Every e-mail also has a one-click unsubscribe link.</CardDescription>
          </CardHeader>
          <CardContent className="divide-y divide-border py-0 pb-3">
            {NOTIFICATION_TOGGLES.map((t) => (
              <Toggle
                key={t.key}
                id={`notify-${t.key}`}
                label={t.label}
                description={t.description}
                checked={form.notifications[t.key]}
                onChange={(v) => setNotification(t.key, v)}
              />
            ))}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Test e-mail</CardTitle>
            <CardDescription>Send a sample to the address above to see what our e-mails look like.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="grid flex-1 gap-1.5">
              <Label htmlFor="test-email-type">E-mail type</Label>
              <NativeSelect id="test-email-type" value={testType} onChange={(e) => setTestType(e.target.value as TestEmailType)}>
                <option value="upload">Upload confirmation</option>
                <option value="highlight">Highlight completion</option>
                <option value="error">Processing error</option>
              </NativeSelect>
            </div>
            <Button
              type="button"
              variant="outline"
              disabled={sendTest.isPending || !form.email.trim()}
              onClick={() => sendTest.mutate({ email: form.email.trim(), type: testType })}
            >
              {sendTest.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : <Mail className="size-4" aria-hidden="true" />}
              {sendTest.isPending ? 'Sending...' : 'Send Test Email'}
            </Button>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Transcripts</CardTitle>
            <CardDescription>The language spoken in your videos: transcripts, captions and word search use it.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-1.5 sm:max-w-xs">
            <Label htmlFor="settings-transcript-language">Transcript language</Label>
            <NativeSelect
              id="settings-transcript-language"
              value={isTranscriptLanguage(form.transcriptLanguage) ? form.transcriptLanguage : 'en'}
              onChange={(e) => setForm((f) => ({ ...f, transcriptLanguage: e.target.value as TranscriptLanguage }))}
              data-testid="settings-transcript-language"
            >
              {TRANSCRIPT_LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </NativeSelect>
            <p className="text-xs text-muted-foreground">New transcripts use it; a language this server cannot transcribe is said on the video page.</p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Privacy</CardTitle>
            <CardDescription>How long your footage is kept and who can see your reels.</CardDescription>
          </CardHeader>
          <CardContent className="divide-y divide-border py-0 pb-3">
            {PRIVACY_TOGGLES.map((t) => (
              <Toggle
                key={t.key}
                id={`privacy-${t.key}`}
                label={t.label}
                description={t.description}
                checked={form.privacy[t.key]}
                onChange={(v) => setPrivacy(t.key, v)}
              />
            ))}
          </CardContent>
        </Card>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending || isLoading}>
            {save.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : <Save className="size-4" aria-hidden="true" />}
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>

      <BrandKitCard />

      <ShareLinksCard />

      <BillingSection />

      <NotificationHistory />
    </div>
  );
}
