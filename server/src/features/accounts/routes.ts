/** The account calls of core-platform.md section 7.1. */
import { Routes } from '../../http/router.js';
import type { Context, Next } from 'koa';
import { forms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { authenticated, bearerToken, sessionOf } from '../../http/authenticate.js';
import { fieldError } from '../../http/errors.js';
import { inputOf, validate } from '../../http/validate.js';
import type { RateLimitName } from '../../config.js';
import { currentUserBody } from './current-user.js';
import * as accounts from './service.js';
import { accountMessages } from './service.js';

function message(text: string) {
  return { data: { message: text } };
}

export function routes(services: AppServices): Routes {
  const router = new Routes();
  /** A step counting the call against the caller's IP (429 when over), before the form is read. */
  const limitedByIp = (name: RateLimitName) =>
    async function limitByIp(ctx: Context, next: Next): Promise<void> {
      await services.limiters.consume(name, ctx.ip);
      await next();
    };

  router.get('/captcha/challenge', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await services.captcha.challenge();
  });

  router.post('/sign-up', limitedByIp('signUp'), validate(forms.signUp), async (ctx) => {
    const input = inputOf(ctx, forms.signUp);
    if (!(await services.captcha.verifyOnce(input.recaptcha_token))) {
      throw fieldError('recaptcha_token', accountMessages.captchaFailed);
    }
    const user = await accounts.signUp(services, input);
    ctx.status = 201;
    ctx.body = { data: user };
  });

  router.post('/confirm-email', limitedByIp('confirmEmail'), validate(forms.confirmEmail), async (ctx) => {
    const input = inputOf(ctx, forms.confirmEmail);
    await accounts.confirmEmail(services, input);
    ctx.body = message(accountMessages.confirmed);
  });

  router.post('/finish-registration', limitedByIp('finishRegistration'), validate(forms.finishRegistration), async (ctx) => {
    const input = inputOf(ctx, forms.finishRegistration);
    await accounts.finishRegistration(services, input);
    ctx.body = message(accountMessages.registrationFinished);
  });

  router.post('/forgot-password', limitedByIp('forgotPassword'), validate(forms.forgotPassword), async (ctx) => {
    const input = inputOf(ctx, forms.forgotPassword);
    await accounts.forgotPassword(services, input.email);
    ctx.status = 202;
    ctx.body = message(accountMessages.resetSent);
  });

  router.post('/reset-password', limitedByIp('resetPassword'), validate(forms.resetPassword), async (ctx) => {
    const input = inputOf(ctx, forms.resetPassword);
    await accounts.resetPassword(services, input);
    ctx.body = message(accountMessages.passwordReset);
  });

  // Most of these are answered before the middleware chain (current-user.ts), the same way.
  router.get('/users/me', authenticated, async (ctx) => {
    ctx.type = 'json';
    ctx.body = await currentUserBody(services.db, bearerToken(ctx) ?? '', sessionOf(ctx));
  });

  router.patch('/users/me', authenticated, validate(forms.profile), async (ctx) => {
    const input = inputOf(ctx, forms.profile);
    const { user, grantId } = sessionOf(ctx);
    ctx.body = { data: await accounts.updateProfile(services, user, { grantId, ip: ctx.ip }, input) };
  });

  router.post('/users/me/notifications/confirm-email', authenticated, async (ctx) => {
    const { user } = sessionOf(ctx);
    await services.limiters.consume('resendConfirmation', user.id);
    await accounts.resendConfirmation(services, user);
    ctx.status = 202;
    ctx.body = message(accountMessages.confirmationSent);
  });

  return router;
}
