// antd's baked styles first: the project's own stylesheets, imported by the modules below, come after them and win where their selectors are as specific.
import 'virtual:antd-static-style.css';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Result, Button, Spin } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { api } from './http/httpClient.js';
import { buildRoutes } from './shell/buildRoutes.js';
import { ThemeProvider } from './theme/ThemeProvider.js';
import { SchemaComponentsProvider } from '../runtime/schemaFieldContext.js';
import { schemaComponents, tableExtraColumns } from './schemaComponents.js';
import { ExtraColumnsProvider } from '../runtime/blocks/table/extraColumns.js';
import { reloadOnStaleChunks } from './reloadOnStaleChunks.js';
import './session/sessionActions.js';
import './shell/styles.css';

dayjs.locale('zh-cn');
reloadOnStaleChunks();

type Router = ReturnType<typeof createBrowserRouter>;

/** Loads the page schemas from the server, then builds the router from them. */
function Root() {
  const [router, setRouter] = useState<Router | null>(null);
  const [failed, setFailed] = useState(false);

  const load = () => {
    setFailed(false);
    api.schema
      .listPages({}, { silent: true })
      .then(({ pages }) => setRouter(createBrowserRouter(buildRoutes(pages))))
      .catch(() => setFailed(true));
  };
  useEffect(load, []);

  if (failed) {
    return (
      <Result
        status="500"
        title="无法连接服务器"
        subTitle="页面配置加载失败，请检查网络后重试。"
        extra={
          <Button type="primary" onClick={load}>
            重试
          </Button>
        }
      />
    );
  }
  if (!router) return <Spin fullscreen tip="加载中" />;
  return <RouterProvider router={router} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider>
      <SchemaComponentsProvider components={schemaComponents}>
        <ExtraColumnsProvider value={tableExtraColumns}>
          <Root />
        </ExtraColumnsProvider>
      </SchemaComponentsProvider>
    </ThemeProvider>
  </StrictMode>,
);
