// The development mail catcher (maildev): SMTP on 127.0.0.1:MAILDEV_SMTP_PORT (1025) takes every mail
// the notifications service sends, and its web inbox on 127.0.0.1:MAILDEV_WEB_PORT (1080) shows them.
// Nothing leaves the machine. Mails live in MAILDEV_DIR (.data/mail). Production sets SMTP_URL instead.
const fs = require('node:fs');
const path = require('node:path');
const MailDev = require('maildev');

const smtp = Number(process.env.MAILDEV_SMTP_PORT ?? 1025);
const web = Number(process.env.MAILDEV_WEB_PORT ?? 1080);
const directory = process.env.MAILDEV_DIR ?? path.join(__dirname, '..', '..', '.data', 'mail');
fs.mkdirSync(directory, { recursive: true });

const maildev = new MailDev({ ip: '127.0.0.1', smtp, web, webIp: '127.0.0.1', mailDirectory: directory, silent: true, disableWeb: false });

maildev.listen((err) => {
  if (err) {
    console.error(`maildev could not start: ${err.message}`);
    process.exit(1);
  }
  console.log(
    JSON.stringify({ level: 30, time: new Date().toISOString(), msg: `mail catcher (maildev): SMTP 127.0.0.1:${smtp}, read mails at http://localhost:${web}` }),
  );
});

const stop = () => maildev.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
