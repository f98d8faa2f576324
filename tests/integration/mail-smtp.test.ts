import { afterEach, beforeEach, describe, expect, onTestFinished, test } from "vitest";
import { smtpMailer } from "../../server/integrations/mail";
import { startFakeSmtp } from "../fakes/smtp";
import { json, uniqueEmail, useApi, withEnv } from "../helpers/api";

const api = useApi();
const auth = api.client("auth");
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;

beforeEach(async () => {
  smtp = await startFakeSmtp();
});
afterEach(async () => {
  await smtp.close();
});

describe("smtpMailer", () => {
  test("delivers to the SMTP server with the recipient, sender and subject", async () => {
    const to = uniqueEmail("smtp");
    await smtpMailer(smtp.url, "Sightline <no-reply@sightline.test>").send({
      to,
      subject: "Hello from the test suite",
      text: "Plain text body",
      html: "<p>HTML body</p>",
    });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.user).toBe("u");
    expect(mail.to).toEqual([to]);
    expect(mail.from).toBe("no-reply@sightline.test");
    expect(mail.header("subject")).toBe("Hello from the test suite");
    expect(mail.header("to")).toContain(to);
    expect(mail.decoded).toContain("Plain text body");
    expect(mail.decoded).toContain("<p>HTML body</p>");
  });

  test("a wrong password fails the send", async () => {
    const mailer = smtpMailer(smtp.url.replace("u:p@", "u:wrong@"), "no-reply@sightline.test");
    await expect(mailer.send({ to: uniqueEmail(), subject: "x", text: "x", html: "x" })).rejects.toThrow();
    expect(smtp.received).toEqual([]);
  });
});

describe("sign-in links over SMTP", () => {
  test("with SMTP_URL set, /auth/login sends the link through SMTP instead of the outbox", async () => {
    onTestFinished(withEnv({ SMTP_URL: smtp.url, MAIL_FROM: "Sightline <login@sightline.test>" }));
    const email = uniqueEmail();
    const res = await auth.login.$post({ json: { email } });
    expect(res.status).toBe(200);
    expect(await api.mailsTo(email)).toEqual([]);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe("login@sightline.test");
    expect(mail.header("subject")).toBe("Your Sightline sign-in link");
    const token = mail.decoded.match(/http:\/\/localhost:3000\/auth\/verify\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const verified = await json(await auth.verify.$post({ json: { token: token! } }), 200);
    expect(verified.user.email).toBe(email);
  });

  test("a change of MAIL_FROM is picked up", async () => {
    onTestFinished(withEnv({ SMTP_URL: smtp.url, MAIL_FROM: "first@sightline.test" }));
    expect((await auth.login.$post({ json: { email: uniqueEmail() } })).status).toBe(200);
    onTestFinished(withEnv({ MAIL_FROM: "second@sightline.test" }));
    expect((await auth.login.$post({ json: { email: uniqueEmail() } })).status).toBe(200);
    expect(smtp.received.map((mail) => mail.from)).toEqual(["first@sightline.test", "second@sightline.test"]);
  });
});
