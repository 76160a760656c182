import { esc, renderMail, sampleContent } from './templates';
import { checkPatch } from './settings-rules';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token';

describe('mail templates', () => {
  it('escape user text in the HTML and keep it readable in the text part', () => {
    const mail = renderMail(
      {
        kind: 'highlight',
        videoId: 'v1',
        title: '<script>alert("x")</script> & co',
        reelSeconds: 31,
        moments: [{ start: 5, end: 12, reasons: ['<b>roar</b>'] }],
      },
      {
        publicUrl: 'https://app.example',
        name: '<img src=x onerror=alert(1)>',
        unsubscribeUrl: 'https://app.example/api/unsubscribe?token=abc',
      },
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<b>roar');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(mail.html).toContain('href="https://app.example/video/v1"');
    expect(mail.html).toContain('https://app.example/api/unsubscribe?token=abc');
    expect(mail.text).toContain('"<script>alert("x")</script> & co": a 0:31 reel with 1 moment.');
    expect(mail.text).toContain('1. 0:05-0:12  <b>roar</b>');
    expect(mail.text).toContain('Watch the reel: https://app.example/video/v1');
    expect(mail.subject).toBe('Your highlight reel of "<script>alert("x")</script> & co" is ready');
  });

  it('mark test mails and give each type its sample', () => {
    for (const type of ['upload', 'highlight', 'error'] as const) {
      const mail = renderMail(sampleContent(type), { publicUrl: 'http://localhost:8080', name: '', test: true });
      expect(mail.subject.startsWith('[Test] ')).toBe(true);
      expect(mail.text).toContain('This is a test e-mail with sample content');
      expect(mail.text.startsWith('Hi there,')).toBe(true);
    }
    expect(renderMail(sampleContent('error'), { publicUrl: 'http://h', name: 'Ann' }).text).toContain('Reason: The file is not a video we can read.');
    // The sample video does not exist: a test's button opens the videos page instead.
    const test = renderMail(sampleContent('highlight'), { publicUrl: 'http://h', name: '', test: true, unsubscribeUrl: 'http://h/api/unsubscribe?token=t' });
    expect(test.text).toContain('Watch the reel: http://h/videos');
    expect(test.html).not.toContain('http://h/video/');
    expect(test.html).toContain('http://h/api/unsubscribe?token=t');
  });

  it('write durations as the web app does (one formatter, rounded to the nearest second)', () => {
    const reel = renderMail(
      { kind: 'highlight', videoId: 'v1', title: 'Short', reelSeconds: 1.5, moments: [{ start: 0.4, end: 1.9, reasons: [] }] },
      { publicUrl: 'http://h', name: '' },
    );
    expect(reel.text).toContain('"Short": a 0:02 reel with 1 moment.');
    expect(reel.text).toContain('1. 0:00-0:02  best moment');
    const upload = renderMail({ kind: 'upload', videoId: 'v1', title: 'Match', duration: 117.6 }, { publicUrl: 'http://h', name: '' });
    expect(upload.text).toContain('"Match" (1:58) was uploaded');
    const digest = renderMail(
      { kind: 'digest', weekLabel: '2026-W48', videos: 2, reels: 1, footageSeconds: 3723.4, failures: 0 },
      { publicUrl: 'http://h', name: '' },
    );
    expect(digest.text).toContain('- 1:02:03 of footage processed');
  });

  it('escape every special character', () => {
    expect(esc(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('settings patch rules', () => {
  it('validate the e-mail, trim the name and allow an empty e-mail', () => {
    expect(checkPatch({ email: 'not-an-email' })).toEqual({ ok: false, violations: [{ field: 'email', message: 'Invalid email' }] });
    expect(checkPatch({ email: 'a@b' })).toMatchObject({ ok: false });
    expect(checkPatch({ email: ' ann@example.com ', name: '  Ann   Lee ' })).toEqual({ ok: true, fields: { email: 'ann@example.com', name: 'Ann Lee' } });
    expect(checkPatch({ email: '' })).toEqual({ ok: true, fields: { email: '' } });
    expect(checkPatch({ name: 'x'.repeat(101) })).toMatchObject({ ok: false });
  });
});

describe('unsubscribe tokens', () => {
  const secret = 's'.repeat(32);
  it('verify only what was signed with the secret', () => {
    const token = signUnsubscribe(secret, '3f1d7c2e-0000-4000-8000-000000000001', 'highlightCompletion');
    expect(verifyUnsubscribe(secret, token)).toEqual({ userId: '3f1d7c2e-0000-4000-8000-000000000001', category: 'highlightCompletion' });
    expect(verifyUnsubscribe('t'.repeat(32), token)).toBeNull();
    const [body, sig] = token.split('.');
    const forged = Buffer.from('3f1d7c2e-0000-4000-8000-000000000002.highlightCompletion').toString('base64url');
    expect(verifyUnsubscribe(secret, `${forged}.${sig}`)).toBeNull();
    expect(verifyUnsubscribe(secret, `${body}.${sig}x`)).toBeNull();
    expect(verifyUnsubscribe(secret, '')).toBeNull();
  });
});
