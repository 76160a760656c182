import type { DescMessage, DescMethod } from '@bufbuild/protobuf';

/** "UserRegistered" -> ["user", "registered"] */
function words(pascalCase: string): string[] {
  return pascalCase
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ');
}

/** "auth.v1.AuthService" -> "auth" */
function domainOf(typeName: string): string {
  return typeName.split('.')[0];
}

/** The NATS request subject of an RPC: AuthService.Login -> "auth.login", MediaService.VideosList -> "media.videos.list". */
export function rpcSubject(method: DescMethod): string {
  return [domainOf(method.parent.typeName), ...words(method.name)].join('.');
}

/** The JetStream subject of an event message: auth.v1.UserRegistered -> "evt.auth.user.registered". */
export function eventSubject(message: DescMessage): string {
  return ['evt', domainOf(message.typeName), ...words(message.name)].join('.');
}

/** The JetStream work-queue subject of a job message: media.v1.ProcessJob -> "job.media.process". */
export function jobSubject(message: DescMessage): string {
  if (!message.name.endsWith('Job')) throw new Error(`${message.typeName} is not a job message (name must end in Job)`);
  return ['job', domainOf(message.typeName), ...words(message.name.slice(0, -'Job'.length))].join('.');
}

/** Core NATS subject of live progress for one user's video; the gateway subscribes to progress.<userId>.> */
export function progressSubject(userId: string, videoId = '>'): string {
  return `progress.${userId}.${videoId}`;
}

/**
 * Core NATS subject of a running analysis's progress (a fraction 0..1 as text), for reel jobs in any
 * worker waiting on that analysis: internal to the workers, never forwarded to browsers.
 */
export function analysisProgressSubject(videoId: string): string {
  return `analysis.progress.${videoId}`;
}
