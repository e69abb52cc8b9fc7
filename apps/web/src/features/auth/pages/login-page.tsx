import { Alert, Button, Form } from 'antd';
// Deep imports: `Input` from 'antd' also carries TextArea, Search and OTP, which the login page never shows.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { LoginBody } from '@atrium/contracts';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { LanguageSwitch } from '../../../components/language-switch';
import { useLogin } from '../api';
import { safeNextPath } from '../lib/safe-next';
import './login-page.css';

/** Sign-in page at `/login?next=…` (spec §2): on success opens `next` (same-origin paths only) or `/user/index`. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();

  const onFinish = (values: LoginBody) => {
    login.mutate(values, {
      onSuccess: () => void navigate(safeNextPath(params.get('next')), { replace: true }),
    });
  };

  return (
    <main className="atrium-login">
      <div className="atrium-login__language">
        <LanguageSwitch />
      </div>
      <section className="atrium-login__card" aria-labelledby="login-title">
        <p className="atrium-login__logo" aria-hidden>
          Atrium
        </p>
        <h1 id="login-title" className="atrium-login__title">
          {t('auth:login.title')}
        </h1>
        {login.isError && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={loginErrorText(login.error, t)} />}
        <Form<LoginBody> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={login.isPending} name="login">
          <Form.Item
            label={t('auth:login.userName')}
            name="user_name"
            rules={[{ required: true, whitespace: true, message: t('auth:login.userNameRequired') }]}
          >
            <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label={t('auth:login.password')} name="password" rules={[{ required: true, message: t('auth:login.passwordRequired') }]}>
            <Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('auth:login.submit')}
          </Button>
        </Form>
      </section>
    </main>
  );
}

function loginErrorText(error: unknown, t: (key: string) => string): string {
  if (isApiError(error, 401)) return t('auth:login.error.invalidCredentials');
  if (isApiError(error, 429)) return t('auth:login.error.rateLimited');
  if (isApiError(error, 0)) return t('common:result.error.network');
  return serverMessageOf(error) ?? t('common:result.error.title');
}
