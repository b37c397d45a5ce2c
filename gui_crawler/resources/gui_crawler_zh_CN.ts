<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Accessible</name>
    <message>
        <location filename="../ui/accessible.py"/>
        <source>More</source>
        <translation>更多</translation>
    </message>
</context>
<context>
    <name>Address</name>
    <message>
        <location filename="../base/urls.py"/>
        <source>has no host name</source>
        <translation>没有主机名</translation>
    </message>
    <message>
        <location filename="../base/urls.py"/>
        <source>has an invalid port</source>
        <translation>端口无效</translation>
    </message>
    <message>
        <location filename="../base/urls.py"/>
        <source>has an invalid IPv6 address {host}</source>
        <translation>IPv6 地址 {host} 无效</translation>
    </message>
    <message>
        <location filename="../base/urls.py"/>
        <source>has an invalid host name {host}</source>
        <translation>主机名 {host} 无效</translation>
    </message>
    <message>
        <location filename="../base/urls.py"/>
        <source>{text} is not a URL: {why}</source>
        <translation>{text} 不是 URL：{why}</translation>
    </message>
    <message>
        <location filename="../base/urls.py"/>
        <source>Enter a URL to crawl, for example {url}</source>
        <translation>请输入要抓取的 URL，例如 {url}</translation>
    </message>
    <message>
        <location filename="../base/urls.py"/>
        <source>it contains spaces</source>
        <translation>其中含有空格</translation>
    </message>
    <message>
        <location filename="../base/urls.py"/>
        <source>unsupported scheme {scheme}: only http and https can be crawled</source>
        <translation>不支持的协议 {scheme}：只能抓取 http 和 https</translation>
    </message>
    <message>
        <location filename="../base/urls.py"/>
        <source>it {why}</source>
        <translation>它{why}</translation>
    </message>
    <message>
        <location filename="../base/urls.py"/>
        <source>{host} is not a host name</source>
        <translation>{host} 不是主机名</translation>
    </message>
    <message>
        <location filename="../base/urls.py"/>
        <source>its host name has a part longer than DNS allows</source>
        <translation>其主机名中有一段超出了 DNS 允许的长度</translation>
    </message>
    <message>
        <location filename="../base/urls.py"/>
        <source>{text} is not a URL the crawler can fetch</source>
        <translation>{text} 不是爬虫能抓取的 URL</translation>
    </message>
</context>
<context>
    <name>Browser</name>
    <message>
        <location filename="../render/browser.py"/>
        <source>install Chromium (Debian/Ubuntu: apt-get install chromium) or give its path with {give}</source>
        <translation>安装 Chromium（Debian/Ubuntu：apt-get install chromium），或在{give}中给出它的路径</translation>
    </message>
    <message>
        <location filename="../render/browser.py"/>
        <source>pip install &apos;gui_crawler[render]&apos; (Playwright drives the browser)</source>
        <translation>pip install &apos;gui_crawler[render]&apos;（由 Playwright 驱动浏览器）</translation>
    </message>
    <message>
        <location filename="../render/browser.py"/>
        <source>{path} is not a program: give the path of Chromium or Chrome</source>
        <translation>{path} 不是可执行程序：请给出 Chromium 或 Chrome 的路径</translation>
    </message>
    <message>
        <location filename="../render/browser.py"/>
        <source>{asked} needs a browser: {missing}</source>
        <translation>{asked}需要浏览器：{missing}</translation>
    </message>
    <message>
        <location filename="../render/browser.py"/>
        <source>; and </source>
        <translation>；并且</translation>
    </message>
</context>
<context>
    <name>ChartsPanel</name>
    <message>
        <location filename="../ui/charts.py"/>
        <source>Queue depth</source>
        <translation>队列长度</translation>
    </message>
    <message>
        <location filename="../ui/charts.py"/>
        <source>Busy workers</source>
        <translation>忙碌的工作协程</translation>
    </message>
    <message>
        <location filename="../ui/charts.py"/>
        <source>Pages/s</source>
        <translation>页/秒</translation>
    </message>
</context>
<context>
    <name>ClusterDialog</name>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>Watch a cluster crawl</source>
        <translation>观察集群爬取</translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>if the server asks for one</source>
        <translation>如果服务器需要</translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>&amp;Find crawls</source>
        <translation>查找爬取(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>named after the address</source>
        <translation>以地址命名</translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>&amp;Redis server:</source>
        <translation>Redis 服务器(&amp;R):</translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>Pass&amp;word:</source>
        <translation>密码(&amp;W):</translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>Cra&amp;wls there:</source>
        <translation>其中的爬取(&amp;W):</translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>Crawl &amp;id to start:</source>
        <translation>要启动的爬取 ID(&amp;I):</translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>Wa&amp;tch</source>
        <translation>观察(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>&amp;Start the address there</source>
        <translation>在那里启动该地址(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>Start (or continue) the crawl of the address bar&apos;s URL with these settings in Redis, this machine one of its nodes, collecting every record into its crawl file; other machines join with gui-crawler cluster work</source>
        <translation>在 Redis 中以这些设置启动（或继续）地址栏 URL 的爬取，本机作为其节点之一，把每条记录收集到本机的爬取文件；其他机器用 gui-crawler cluster work 加入</translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>Asking {} …</source>
        <translation>正在询问 {} …</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/cluster_dialog.py"/>
        <source>{n} crawls at {redis}</source>
        <translation>
            <numerusform>{redis} 上有 {n} 个爬取</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>No crawl at {}: start one here, or with gui-crawler crawl URL --cluster</source>
        <translation>{} 上没有爬取：在这里启动一个，或用 gui-crawler crawl URL --cluster</translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>Watching {} …</source>
        <translation>正在观察 {} …</translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>Starting {url} at {redis} …</source>
        <translation>正在 {redis} 上启动 {url} …</translation>
    </message>
    <message>
        <location filename="../ui/cluster_dialog.py"/>
        <source>Cancel the crawl on every machine</source>
        <translation>在每台机器上取消爬取</translation>
    </message>
</context>
<context>
    <name>Columns</name>
    <message>
        <location filename="../ui/compare_model.py"/>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <location filename="../ui/compare_model.py"/>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <location filename="../ui/compare_model.py"/>
        <source>Now</source>
        <translation>现在</translation>
    </message>
    <message>
        <location filename="../ui/hosts_model.py"/>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <location filename="../ui/hosts_model.py"/>
        <source>In flight</source>
        <translation>进行中</translation>
    </message>
    <message>
        <location filename="../ui/hosts_model.py"/>
        <source>Limit</source>
        <translation>上限</translation>
    </message>
    <message>
        <location filename="../ui/hosts_model.py"/>
        <source>Delay (s)</source>
        <translation>间隔（秒）</translation>
    </message>
    <message>
        <location filename="../ui/hosts_model.py"/>
        <source>Back-off (s)</source>
        <translation>退避（秒）</translation>
    </message>
    <message>
        <location filename="../ui/hosts_model.py"/>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location filename="../ui/hosts_model.py"/>
        <source>Requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location filename="../ui/hosts_model.py"/>
        <source>Req/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <location filename="../ui/hosts_model.py"/>
        <source>Median ms</source>
        <translation>中位数 ms</translation>
    </message>
    <message>
        <location filename="../ui/hosts_model.py"/>
        <source>p95 ms</source>
        <translation>p95 ms</translation>
    </message>
    <message>
        <location filename="../ui/hosts_model.py"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../ui/hosts_model.py"/>
        <source>external</source>
        <translation>外部</translation>
    </message>
    <message>
        <location filename="../ui/hosts_model.py"/>
        <source>crawled</source>
        <translation>已爬取</translation>
    </message>
    <message>
        <location filename="../ui/link_models.py"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../ui/link_models.py"/>
        <location filename="../ui/tree_model.py"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../ui/link_models.py"/>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../ui/link_models.py"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../ui/link_models.py"/>
        <source>Final</source>
        <translation>最终</translation>
    </message>
    <message>
        <location filename="../ui/link_models.py"/>
        <source>Final status</source>
        <translation>最终状态</translation>
    </message>
    <message>
        <location filename="../ui/link_models.py"/>
        <source>Chain</source>
        <translation>链</translation>
    </message>
    <message>
        <location filename="../ui/link_models.py"/>
        <source>loop</source>
        <translation>循环</translation>
    </message>
    <message>
        <location filename="../ui/link_models.py"/>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../ui/link_models.py"/>
        <source>Inlinks</source>
        <translation>入链</translation>
    </message>
    <message>
        <location filename="../ui/link_models.py"/>
        <source>Linked from</source>
        <translation>链接来源</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Finding</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <location filename="../ui/tree_model.py"/>
        <source>Pages</source>
        <translation>页面</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <location filename="../ui/workers_model.py"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>URLs</source>
        <translation>URL 数</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Root URL</source>
        <translation>起始 URL</translation>
    </message>
    <message>
        <location filename="../ui/tree_model.py"/>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <location filename="../ui/tree_model.py"/>
        <source>Worst below</source>
        <translation>下级最差</translation>
    </message>
    <message>
        <location filename="../ui/workers_model.py"/>
        <source>Worker</source>
        <translation>工作协程</translation>
    </message>
    <message>
        <location filename="../ui/workers_model.py"/>
        <source>For (s)</source>
        <translation>持续（秒）</translation>
    </message>
    <message>
        <location filename="../ui/workers_model.py"/>
        <source>Done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../ui/workers_model.py"/>
        <source>waiting on the queue</source>
        <translation>等待队列</translation>
    </message>
    <message>
        <location filename="../ui/workers_model.py"/>
        <source>fetching</source>
        <translation>抓取中</translation>
    </message>
    <message>
        <location filename="../ui/workers_model.py"/>
        <source>parsing</source>
        <translation>解析中</translation>
    </message>
    <message>
        <location filename="../ui/workers_model.py"/>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location filename="../ui/workers_model.py"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../ui/workers_model.py"/>
        <source>rendering</source>
        <translation>渲染中</translation>
    </message>
    <message>
        <location filename="../ui/workers_model.py"/>
        <source>render #{n}</source>
        <translation>渲染 #{n}</translation>
    </message>
    <message>
        <location filename="../ui/workers_model.py"/>
        <source>render tab: idle</source>
        <translation>渲染标签页：空闲</translation>
    </message>
</context>
<context>
    <name>Compare</name>
    <message>
        <location filename="../records/compare.py"/>
        <source>the crawls are of different sites ({old} and {new}): compare two crawls of one site</source>
        <translation>这两次抓取属于不同的网站（{old} 和 {new}）：请比较同一网站的两次抓取</translation>
    </message>
    <message>
        <location filename="../records/compare.py"/>
        <source>no changes</source>
        <translation>无变化</translation>
    </message>
    <message>
        <location filename="../records/compare.py"/>
        <source>The two crawls were made with different options ({options}): URLs added or removed may be the options&apos; doing, not the site&apos;s.</source>
        <translation>两次抓取使用了不同的选项（{options}）：新增或移除的 URL 可能是选项造成的，而非网站本身的变化。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>removed</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>answer changed</source>
        <translation>响应变化</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>redirect target changed</source>
        <translation>重定向目标变化</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>title changed</source>
        <translation>标题变化</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>meta description changed</source>
        <translation>元描述变化</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>H1 changed</source>
        <translation>H1 变化</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>canonical changed</source>
        <translation>规范链接变化</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>robots directives changed</source>
        <translation>robots 指令变化</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>content changed</source>
        <translation>内容变化</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message numerus="yes">
        <location filename="../ui/compare_dialog.py"/>
        <source>{n} URLs</source>
        <translation>
            <numerusform>{n} 个 URL</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Other file…</source>
        <translation>其他文件…</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Choose a crawl file</source>
        <translation>选择抓取文件</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Crawl files (*.sqlite3);;All files (*)</source>
        <translation>抓取文件 (*.sqlite3);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Compare crawls</source>
        <translation>比较抓取</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>&amp;Older crawl:</source>
        <translation>较早的抓取(&amp;O)：</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>&amp;Newer crawl:</source>
        <translation>较新的抓取(&amp;N)：</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Older crawl</source>
        <translation>较早的抓取</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Newer crawl</source>
        <translation>较新的抓取</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Kind of change shown</source>
        <translation>显示的变化类型</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Changed URLs</source>
        <translation>有变化的 URL</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Export &amp;CSV…</source>
        <translation>导出 CSV(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>&amp;Report…</source>
        <translation>报告(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Choose an older and a newer crawl file</source>
        <translation>请选择一个较早的和一个较新的抓取文件</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Choose two different crawl files</source>
        <translation>请选择两个不同的抓取文件</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Reading {old} and {new} …</source>
        <translation>正在读取 {old} 和 {new} …</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>All changes ({n})</source>
        <translation>全部变化（{n}）</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/compare_dialog.py"/>
        <source>Export {n} changes as CSV</source>
        <translation>
            <numerusform>将 {n} 项变化导出为 CSV</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Save the comparison as an HTML report</source>
        <translation>将比较结果保存为 HTML 报告</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>HTML files (*.html)</source>
        <translation>HTML 文件 (*.html)</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Export failed: cannot write {path}: {why}</source>
        <translation>导出失败：无法写入 {path}：{why}</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/compare_dialog.py"/>
        <source>Exported {n} rows to {path}</source>
        <translation>
            <numerusform>已导出 {n} 行到 {path}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Report failed: cannot write {path}: {why}</source>
        <translation>报告失败：无法写入 {path}：{why}</translation>
    </message>
    <message>
        <location filename="../ui/compare_dialog.py"/>
        <source>Wrote the comparison to {path}</source>
        <translation>已将比较结果写入 {path}</translation>
    </message>
</context>
<context>
    <name>CrawlController</name>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Crawling {url} …</source>
        <translation>正在抓取 {url} …</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Saved to {path}</source>
        <translation>保存到 {path}</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>JavaScript rendering</source>
        <translation>JavaScript 渲染</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>the Browser field of the JavaScript settings</source>
        <translation>JavaScript 设置的“浏览器”字段</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>A crawl is running: cancel it first, the list stays here</source>
        <translation>正在进行抓取：请先取消，列表会保留在这里</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/controller.py"/>
        <source>Checking a list of {n} URLs …</source>
        <translation>
            <numerusform>正在检查包含 {n} 个 URL 的列表 …</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>The list: {note}</source>
        <translation>列表：{note}</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Cluster crawl {crawl} at {redis}: {working} of {nodes} nodes working</source>
        <translation>{redis} 上的集群爬取 {crawl}：{nodes} 个节点中 {working} 个在工作</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>, this window one of them</source>
        <translation>，本窗口是其中之一</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>The records shown are those that came while this window watched; the crawl file collecting every record is the one of the machine that started it</source>
        <translation>显示的记录是本窗口观察期间到达的记录；收集全部记录的爬取文件在启动它的那台机器上</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Cancel the running crawl before opening another</source>
        <translation>请先取消正在进行的抓取，再打开另一个</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>{n} left to fetch — Continue crawl resumes it</source>
        <translation>还有 {n} 个待抓取——“继续抓取”可接着进行</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>nothing left to fetch</source>
        <translation>没有待抓取的 URL</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/controller.py"/>
        <source>Opened ({state}): {n} URLs, {left}</source>
        <translation>
            <numerusform>已打开（{state}）：{n} 个 URL，{left}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>{name} has nothing left to fetch</source>
        <translation>{name} 没有待抓取的 URL</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/controller.py"/>
        <source>Continuing: {n} URLs left …</source>
        <translation>
            <numerusform>继续抓取：还剩 {n} 个 URL …</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>This crawl was started with {options}, which no file keeps: fill them in the Login box and continue again, or the site may refuse what needs them</source>
        <translation>这次抓取启动时使用了{options}，任何文件都不会保存这些信息：请在“登录”框中填写后再继续，否则网站可能拒绝需要它们的请求</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/controller.py"/>
        <source>Re-checking {n} URLs …</source>
        <translation>
            <numerusform>正在重新检查 {n} 个 URL …</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Cancel the crawl {} on every machine? Each node stops and gives back what it holds; gui-crawler crawl --cluster continues it later.</source>
        <translation>在每台机器上取消爬取 {}？每个节点都会停止并交还它持有的 URL；之后可用 gui-crawler crawl --cluster 继续。</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Cancelling the crawl on every machine…</source>
        <translation>正在每台机器上取消爬取…</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>A crawl on many machines is not paused from one of them: Cancel stops it everywhere, gui-crawler crawl --cluster continues it</source>
        <translation>多台机器上的爬取不能从其中一台暂停：“取消”会在所有机器上停止它，gui-crawler crawl --cluster 可继续它</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Paused: workers finish their current URL, then wait</source>
        <translation>已暂停：工作协程完成当前 URL 后等待</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Crawling…</source>
        <translation>正在抓取…</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>{n} URLs in a row got no answer: the site may be down, overloaded or refusing the crawler (fewer workers or a longer timeout may help)</source>
        <translation>连续 {n} 个 URL 没有响应：网站可能已宕机、过载或拒绝爬虫（减少工作协程或延长超时也许有帮助）</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>{error}. The crawl was stopped; every row is kept.</source>
        <translation>{error}。抓取已停止；所有行均已保留。</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Stopped ({reason})</source>
        <translation>已停止（{reason}）</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Cancelled on every machine</source>
        <translation>已在每台机器上取消</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Stopped here (the crawl goes on on its other machines)</source>
        <translation>已在本机停止（爬取在其他机器上继续）</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source> ({n} this time)</source>
        <translation>（本次 {n} 个）</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source> (and {n} {cut_short})</source>
        <translation>（另有 {n} 个{cut_short}）</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>, {n} left to fetch</source>
        <translation>，还有 {n} 个待抓取</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>URLs {cut_short} ({n}) are listed as {cancelled} and counted among those left to fetch: the crawl file keeps them to fetch again</source>
        <translation>{cut_short}的 URL（{n} 个）列为“{cancelled}”，并计入待抓取：抓取文件会保留它们以便再次抓取</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Continue crawl fetches what is left</source>
        <translation>“继续抓取”会抓取剩余的 URL</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/controller.py"/>
        <source>{ended}: {n} URLs{this_run} in {time}{left}</source>
        <translation>
            <numerusform>{ended}：{n} 个 URL{this_run}，用时 {time}{left}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>{words}: {urls} on {nodes} in {time}{left}</source>
        <translation>{words}：{nodes}上共 {urls}，用时 {time}{left}</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/controller.py"/>
        <source>{n} URLs</source>
        <translation>
            <numerusform>{n} 个 URL</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/controller.py"/>
        <source>{n} nodes</source>
        <translation>
            <numerusform>{n} 个节点</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source> ({} of them shown here)</source>
        <translation>（其中 {} 个显示在这里）</translation>
    </message>
    <message>
        <location filename="../ui/controller.py"/>
        <source>Export failed: cannot write {path}: {why}</source>
        <translation>导出失败：无法写入 {path}：{why}</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/controller.py"/>
        <source>Exported {n} rows to {path}</source>
        <translation>
            <numerusform>已导出 {n} 行到 {path}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CrawlFile</name>
    <message>
        <location filename="../storage/fileformat.py"/>
        <source>cannot open {path}: {error}</source>
        <translation>无法打开 {path}：{error}</translation>
    </message>
    <message>
        <location filename="../storage/fileformat.py"/>
        <source>{path} is not a gui_crawler crawl file or is corrupt: {error}</source>
        <translation>{path} 不是 gui_crawler 抓取文件或已损坏：{error}</translation>
    </message>
    <message>
        <location filename="../storage/fileformat.py"/>
        <location filename="../storage/reader.py"/>
        <source>{path} is a damaged gui_crawler crawl file: {error}</source>
        <translation>{path} 是已损坏的 gui_crawler 抓取文件：{error}</translation>
    </message>
    <message>
        <location filename="../storage/fileformat.py"/>
        <source>{path} is a folder, not a crawl file (crawl files end in .sqlite3)</source>
        <translation>{path} 是文件夹，不是抓取文件（抓取文件以 .sqlite3 结尾）</translation>
    </message>
    <message>
        <location filename="../storage/fileformat.py"/>
        <source>{path} does not exist</source>
        <translation>{path} 不存在</translation>
    </message>
    <message>
        <location filename="../storage/fileformat.py"/>
        <source>is read-only</source>
        <translation>是只读的</translation>
    </message>
    <message>
        <location filename="../storage/fileformat.py"/>
        <source>cannot be written by you</source>
        <translation>你没有写入权限</translation>
    </message>
    <message>
        <location filename="../storage/fileformat.py"/>
        <source>cannot open {path}: its folder {why} (SQLite needs to write beside it)</source>
        <translation>无法打开 {path}：其所在文件夹{why}（SQLite 需要在它旁边写入文件）</translation>
    </message>
    <message>
        <location filename="../storage/fileformat.py"/>
        <source>{path} holds no crawl data; if it was copied, copy {name}-wal with it (a running or killed crawl keeps its latest writes there)</source>
        <translation>{path} 中没有抓取数据；如果是复制来的，请连同 {name}-wal 一起复制（正在运行或被终止的抓取会把最新写入保存在那里）</translation>
    </message>
    <message>
        <location filename="../storage/fileformat.py"/>
        <source>{path} is not a gui_crawler crawl file (format {format})</source>
        <translation>{path} 不是 gui_crawler 抓取文件（格式 {format}）</translation>
    </message>
    <message>
        <location filename="../storage/locking.py"/>
        <source>{path} is in use by another crawl</source>
        <translation>{path} 正被另一个抓取使用</translation>
    </message>
    <message>
        <location filename="../storage/reader.py"/>
        <source>cannot read {path}: {error}</source>
        <translation>无法读取 {path}：{error}</translation>
    </message>
    <message>
        <location filename="../storage/recent.py"/>
        <source>cannot delete {path}: {error}</source>
        <translation>无法删除 {path}：{error}</translation>
    </message>
    <message>
        <location filename="../storage/writer.py"/>
        <source>the disk holding {path} is full</source>
        <translation>{path} 所在的磁盘已满</translation>
    </message>
    <message>
        <location filename="../storage/writer.py"/>
        <source>cannot write the crawl file {path}: its file system is read-only</source>
        <translation>无法写入抓取文件 {path}：其文件系统是只读的</translation>
    </message>
    <message>
        <location filename="../storage/writer.py"/>
        <source>cannot write the crawl file {path}: {error}</source>
        <translation>无法写入抓取文件 {path}：{error}</translation>
    </message>
    <message>
        <location filename="../storage/writer.py"/>
        <source>cannot create {path}: {blocker} is a file, not a folder</source>
        <translation>无法创建 {path}：{blocker} 是文件，不是文件夹</translation>
    </message>
    <message>
        <location filename="../storage/writer.py"/>
        <source>{path} is a folder; give a file name for the crawl file</source>
        <translation>{path} 是文件夹；请为抓取文件指定文件名</translation>
    </message>
    <message>
        <location filename="../storage/writer.py"/>
        <source>{path} already exists; resume it or choose another file</source>
        <translation>{path} 已存在；请继续该抓取或选择其他文件</translation>
    </message>
</context>
<context>
    <name>CrawlStates</name>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>error: {why}</source>
        <translation>错误：{why}</translation>
    </message>
</context>
<context>
    <name>CrawlStatusBar</name>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>URLs recorded: the rows of the Pages table (URLs {cut_short} by a Cancel among them, listed as {cancelled}: the crawl file keeps those to fetch again)</source>
        <translation>已记录的 URL：即“页面”表中的行（其中包括因取消而{cut_short}的 URL，列为“{cancelled}”：抓取文件会保留它们以便再次抓取）</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>URLs taken in and not fetched yet: while a crawl runs, its queue; between crawls, what Continue crawl would fetch</source>
        <translation>已收录但尚未抓取的 URL：抓取进行时为其队列；两次抓取之间为“继续抓取”将要抓取的 URL</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>URLs recorded out of those known so far (recorded, queued or in flight): more are found as pages are read, so the share and the time left are estimates</source>
        <translation>已记录的 URL 占目前已知 URL（已记录、排队中或进行中）的比例：读取页面时会发现更多 URL，因此比例和剩余时间都是估计值</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>URLs that answered with a redirect: the rows of the Redirects tab</source>
        <translation>返回重定向的 URL：即“重定向”标签页中的行</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Broken URLs: an error answer (404, 500…) or no connection (refused, unknown host, reset), not those blocked or timed out: the rows of the Broken links tab</source>
        <translation>断链 URL：返回错误（404、500…）或无法连接（被拒绝、未知主机、连接重置），不包括被拦截或超时的：即“断链”标签页中的行</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Pages recorded per second over the last second; after a crawl, its average (a crawl over within a second: how many pages in how long)</source>
        <translation>最近一秒内每秒记录的页面数；抓取结束后为平均值（一秒内结束的抓取：多长时间内抓了多少页）</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Time since the crawl started; after a crawl, how long it took</source>
        <translation>抓取开始以来的时间；抓取结束后为总用时</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Pages of this crawl rendered in the headless browser (JavaScript); those it could not render (cut short at their time, crashed) are counted apart, their HTML as sent kept: the Overview&apos;s “Rendering failed or cut short” lists them</source>
        <translation>本次抓取中在无头浏览器里渲染（JavaScript）的页面；无法渲染的（超时被中断、崩溃）另行计数，保留其原始 HTML：概览中的“渲染失败或被中断”列出了它们</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Crawl state</source>
        <translation>抓取状态</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Last message</source>
        <translation>最新消息</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Settings: {problems}</source>
        <translation>设置：{problems}</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Internal error: {error} (details in the log)</source>
        <translation>内部错误：{error}（详情见日志）</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>gui-crawler: internal error</source>
        <translation>gui-crawler：内部错误</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Busy {busy}/{n} workers</source>
        <translation>忙碌 {busy}/{n} 个工作协程</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Workers busy fetching, parsing or rendering / workers the crawl runs with</source>
        <translation>正在抓取、解析或渲染的工作协程 / 抓取使用的工作协程总数</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source> (at most {n} per host)</source>
        <translation>（每个主机最多 {n} 个）</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Per host ({n}) lets at most {n} requests be in flight to one host: a crawl of one site keeps at most {n} workers busy (raise Per host in the settings for more)</source>
        <translation>“每主机”（{n}）限制对同一主机最多同时发出 {n} 个请求：抓取单个网站时最多只有 {n} 个工作协程忙碌（在设置中调高“每主机”可以更多）</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Rendered {n}</source>
        <translation>已渲染 {n}</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>({n} not)</source>
        <translation>（{n} 未渲染）</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>URLs {n}</source>
        <translation>URL {n}</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Queued {n}</source>
        <translation>排队 {n}</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>Redirects {n}</source>
        <translation>重定向 {n}</translation>
    </message>
    <message>
        <location filename="../ui/status_bar.py"/>
        <source>{rate} pages/s</source>
        <translation>{rate} 页/秒</translation>
    </message>
</context>
<context>
    <name>DetailsPane</name>
    <message>
        <location filename="../ui/details.py"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Failure</source>
        <translation>失败原因</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Technical detail</source>
        <translation>技术细节</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Content type</source>
        <translation>内容类型</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Encoding</source>
        <translation>编码</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>{size} ({n} bytes)</source>
        <translation>{size}（{n} 字节）</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <location filename="../ui/render_details.py"/>
        <source>Time</source>
        <translation>用时</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <location filename="../ui/render_details.py"/>
        <source>Tries</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Depth</source>
        <translation>深度</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/details.py"/>
        <source>{n} links from the start page</source>
        <translation>
            <numerusform>距起始页 {n} 层链接</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Found by</source>
        <translation>发现来源</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Redirects to</source>
        <translation>重定向到</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Links on the page</source>
        <translation>页面上的链接</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>New links</source>
        <translation>新链接</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <location filename="../ui/render_details.py"/>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <location filename="../ui/render_details.py"/>
        <source>Meta description</source>
        <translation>元描述</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <location filename="../ui/render_details.py"/>
        <source>H1</source>
        <translation>H1</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <location filename="../ui/render_details.py"/>
        <source>Canonical</source>
        <translation>规范链接</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <location filename="../ui/render_details.py"/>
        <source>Robots</source>
        <translation>Robots</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Structured data</source>
        <translation>结构化数据</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>{answer}, replaced {when}</source>
        <translation>{answer}，于 {when} 被替换</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>no answer</source>
        <translation>无响应</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>image “{alt}”</source>
        <translation>图片“{alt}”</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>(no words)</source>
        <translation>（无文字）</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>only after JavaScript</source>
        <translation>仅在 JavaScript 之后</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>… and {n} more</source>
        <translation>… 另有 {n} 个</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Not fetched (yet)</source>
        <translation>（尚）未抓取</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>URLs below</source>
        <translation>下级 URL</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>{0:,} ({1:,} fetched)</source>
        <translation>{0:,}（已抓取 {1:,}）</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Worst below</source>
        <translation>下级最差</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>external: its links are checked once</source>
        <translation>外部：其链接只检查一次</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>crawled</source>
        <translation>已爬取</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>median {median} ms; 95 % of answers within {p95} ms</source>
        <translation>中位数 {median} ms；95% 的响应在 {p95} ms 以内</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>{rate} requests started per second over the last seconds</source>
        <translation>最近几秒每秒发起 {rate} 个请求</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>0: no request started in the last seconds (or no crawl runs)</source>
        <translation>0：最近几秒没有发起请求（或没有正在进行的抓取）</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <location filename="../ui/render_details.py"/>
        <source>Requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>{n} (each try counts)</source>
        <translation>{n}（每次尝试都计入）</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Req/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>In flight</source>
        <translation>进行中</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>{n} of at most {limit} at a time (Per host)</source>
        <translation>{n} 个，同时最多 {limit} 个（每主机）</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Delay</source>
        <translation>间隔</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>{s} s between two requests</source>
        <translation>两次请求之间间隔 {s} 秒</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Back-off</source>
        <translation>退避</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>{s} s more (it answered 429 or 503)</source>
        <translation>额外等待 {s} 秒（它返回了 429 或 503）</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>{n} URLs held back for a free slot or the delay</source>
        <translation>{n} 个 URL 正在等待空闲名额或间隔时间</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Response time</source>
        <translation>响应时间</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>URLs recorded</source>
        <translation>已记录的 URL</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Select a URL to see its details</source>
        <translation>选择一个 URL 查看详情</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Record</source>
        <translation>记录</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>discovered, not fetched (yet)</source>
        <translation>已发现，（尚）未抓取</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/details.py"/>
        <source>Redirect chain ({n} hops)</source>
        <translation>
            <numerusform>重定向链（{n} 跳）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Inlinks</source>
        <translation>入链</translation>
    </message>
    <message>
        <location filename="../ui/details.py"/>
        <source>Outlinks</source>
        <translation>出链</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>waiting for a tab</source>
        <translation>等待标签页</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>loading</source>
        <translation>加载</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>reading its links</source>
        <translation>读取链接</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>settling</source>
        <translation>等待稳定</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>reading the DOM</source>
        <translation>读取 DOM</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>parsing it</source>
        <translation>解析</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>JavaScript</source>
        <translation>JavaScript</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>Rendered</source>
        <translation>已渲染</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>yes: its rendered DOM is what the crawl read</source>
        <translation>是：抓取读取的是渲染后的 DOM</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>no: the HTML as sent is kept</source>
        <translation>否：保留服务器发送的 HTML</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>Rendering</source>
        <translation>渲染</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>{0} as sent, {1} rendered</source>
        <translation>原始 {0}，渲染后 {1}</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>Links only after JavaScript</source>
        <translation>仅在 JavaScript 之后出现的链接</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>JavaScript errors</source>
        <translation>JavaScript 错误</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>Failed requests</source>
        <translation>失败的请求</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>Refused</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>Not loaded</source>
        <translation>未加载</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/render_details.py"/>
        <source>{n} images, media files and fonts</source>
        <translation>
            <numerusform>{n} 个图片、媒体文件和字体</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>{0} (the browser went away)</source>
        <translation>{0}（浏览器已退出）</translation>
    </message>
    <message>
        <location filename="../ui/render_details.py"/>
        <source>… and {0:,} more</source>
        <translation>…… 另有 {0:,} 项</translation>
    </message>
    <message>
        <location filename="../ui/response_headers.py"/>
        <source>Response headers</source>
        <translation>响应头</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <location filename="../base/userregex.py"/>
        <source>The {what} regex took longer than {budget} s on {url} and was cut: URLs it cannot be decided for are left out</source>
        <translation>{what} 正则表达式在 {url} 上耗时超过 {budget} 秒，已被中止：无法判定的 URL 将被略过</translation>
    </message>
    <message>
        <location filename="../crawl/frontier.py"/>
        <source>The queue cannot be written to disk ({why}): the URLs queued past {n} stay in memory</source>
        <translation>队列无法写入磁盘（{why}）：超过 {n} 个的排队 URL 保留在内存中</translation>
    </message>
    <message>
        <location filename="../crawl/tries.py"/>
        <source>Gave up on a host: {host}; its URLs are not fetched</source>
        <translation>已放弃一个主机：{host}；其 URL 不再抓取</translation>
    </message>
    <message>
        <location filename="../engine.py"/>
        <source>Fetching with {n} of {asked} workers: {why}; more are let in again as fetches succeed</source>
        <translation>正以 {asked} 个工作协程中的 {n} 个进行抓取：{why}；抓取成功后会逐步恢复</translation>
    </message>
    <message>
        <location filename="../engine.py"/>
        <source>The regex of the rule {name} took longer than {budget} on {url} and was cut: its value is left empty on such pages (their note says so)</source>
        <translation>规则 {name} 的正则表达式在 {url} 上耗时超过 {budget}，已被中止：这类页面上该值留空（页面备注中会注明）</translation>
    </message>
    <message>
        <location filename="../render/renderer.py"/>
        <source>JavaScript rendering stopped: the browser could not be started ({why}); pages are kept as sent</source>
        <translation>JavaScript 渲染已停止：浏览器无法启动（{why}）；页面保留服务器发送的 HTML</translation>
    </message>
</context>
<context>
    <name>Explanations</name>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages of this site that answered an error (4xx, 5xx) or could not be reached: visitors and search engines following a link to them land on nothing.</source>
        <translation>本站返回错误（4xx、5xx）或无法访问的页面：访客和搜索引擎顺着链接过来只会扑空。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Fix or remove the links on the pages that hold them (Details lists them under Inlinks), or redirect the URL to the page that replaced it.</source>
        <translation>修正或删除包含这些链接的页面上的链接（“详情”的“入链”中列出了这些页面），或将该 URL 重定向到取代它的页面。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Links to other sites that answered an error or could not be reached: the page they are on sends readers to a dead end.</source>
        <translation>指向其他网站、返回错误或无法访问的链接：所在页面把读者引向了死胡同。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Update the link to the page&apos;s new address, link to another source, or remove it.</source>
        <translation>把链接更新为该页面的新地址、改链到其他来源，或将其删除。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Links that are broken but whose URL matches the crawl&apos;s --warn regex: listed so they are seen, not counted as failures (the crawl&apos;s exit code stays 0 for them).</source>
        <translation>已断开但 URL 匹配本次抓取 --warn 正则的链接：列出以便看到，但不计为失败（抓取的退出码不会因它们而非 0）。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Fix them when you can, as broken links; or narrow --warn if it covers links that must not break.</source>
        <translation>有空时像修复断链一样修复它们；如果 --warn 覆盖了不应断开的链接，请缩小其范围。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs the crawler was not allowed to check: robots.txt disallows them, a bot wall or a rate limit (429, 503) answered, or they point at a private address. This says nothing about whether the link works.</source>
        <translation>爬虫无权检查的 URL：robots.txt 禁止抓取、遇到机器人验证或限流（429、503），或指向私有地址。这并不说明链接是否有效。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Nothing to fix on the site unless the block is unintended; check these in a browser, or crawl again with fewer workers or a longer delay if the site throttled the crawler.</source>
        <translation>除非拦截并非有意为之，否则网站无需修改；请在浏览器中检查这些 URL，如果网站对爬虫限流，可减少工作协程或加长间隔后重新抓取。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs that gave no answer within the time limit: a slow or overloaded server, or a page that takes too long to build.</source>
        <translation>在时限内没有响应的 URL：服务器缓慢或过载，或页面生成耗时过长。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Open them in a browser; if they are slow there too, speed them up. Otherwise crawl again with a longer timeout or fewer workers.</source>
        <translation>在浏览器中打开它们；如果同样很慢，请优化提速。否则请延长超时或减少工作协程后重新抓取。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs the crawler itself could not finish (its size limit, out of open files, ports or memory, too busy to wait, or a crawler bug): not the site&apos;s doing.</source>
        <translation>爬虫自身无法完成的 URL（超出大小限制，打开的文件、端口或内存耗尽，太忙无法等待，或爬虫的缺陷）：并非网站的问题。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Crawl again with fewer workers, or a larger size limit for big files; the Details pane&apos;s Failure line says which limit it was.</source>
        <translation>减少工作协程，或为大文件调高大小限制后重新抓取；“详情”面板的“失败原因”一行会说明是哪个限制。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs not fetched: their host answered 429, 503 or nothing to every request for a while (the crawl&apos;s notice says which host, how, how long), so the crawl gave up on it rather than wait hours.</source>
        <translation>未抓取的 URL：其主机在一段时间内对每个请求都返回 429、503 或毫无响应（抓取的提示会说明是哪个主机、如何失败、持续多久），因此抓取放弃了该主机，而不是等上几个小时。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Check the host in a browser; crawl again later, with fewer workers or a delay (--give-up-after 0: never give up).</source>
        <translation>在浏览器中检查该主机；稍后减少工作协程或设置间隔后重新抓取（--give-up-after 0：永不放弃）。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Links that pass through two or more redirects before reaching a page: each hop costs the reader a round trip and search engines may stop following.</source>
        <translation>到达页面前要经过两次或更多重定向的链接：每一跳都让读者多一次往返，搜索引擎也可能不再跟随。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Point the links, and the first redirect, straight at the final address.</source>
        <translation>让链接和第一个重定向直接指向最终地址。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Redirects that come back round to an address already visited (or never end): the page can never be reached.</source>
        <translation>绕回已访问地址（或永无止境）的重定向：页面永远无法到达。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Change one of the redirects so that the chain ends at a page that answers 200.</source>
        <translation>修改其中一个重定向，使重定向链终止于返回 200 的页面。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>HTML pages without a &lt;title&gt;: browsers&apos; tabs, bookmarks and search results show the bare address instead.</source>
        <translation>缺少 &lt;title&gt; 的 HTML 页面：浏览器标签页、书签和搜索结果只能显示光秃秃的地址。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Give every page a short title that says what it is about.</source>
        <translation>为每个页面写一个简短的标题，说明页面内容。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages sharing the same title with another page: in search results and tabs they cannot be told apart.</source>
        <translation>与其他页面标题相同的页面：在搜索结果和标签页中无法区分。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Make each title say what is particular to its page.</source>
        <translation>让每个标题体现其页面的独特之处。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Titles longer than the threshold (60 characters by default): search results cut them short.</source>
        <translation>超过阈值（默认 60 个字符）的标题：搜索结果会将其截断。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Put the words that matter first and shorten the rest.</source>
        <translation>把重要的词放在前面，精简其余部分。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>HTML pages without a &lt;meta name=&quot;description&quot;&gt;: search engines then make up a snippet from the page&apos;s text.</source>
        <translation>缺少 &lt;meta name=&quot;description&quot;&gt; 的 HTML 页面：搜索引擎只能从页面文字中自行拼凑摘要。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Write a one- or two-sentence summary for each page.</source>
        <translation>为每个页面写一两句话的摘要。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages sharing the same meta description with another page: their search snippets read alike.</source>
        <translation>与其他页面元描述相同的页面：它们的搜索摘要看起来一样。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Write a description for each page of its own.</source>
        <translation>为每个页面单独撰写描述。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Meta descriptions longer than the threshold (160 characters by default): search results cut them short.</source>
        <translation>超过阈值（默认 160 个字符）的元描述：搜索结果会将其截断。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Shorten them to one or two sentences.</source>
        <translation>将其缩短为一两句话。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>HTML pages without an &lt;h1&gt; heading: readers, screen readers and search engines find no main heading.</source>
        <translation>缺少 &lt;h1&gt; 标题的 HTML 页面：读者、屏幕阅读器和搜索引擎都找不到主标题。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Give each page one &lt;h1&gt; that names its subject.</source>
        <translation>为每个页面设置一个点明主题的 &lt;h1&gt;。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages with more than one &lt;h1&gt;: which heading is the page&apos;s subject is unclear.</source>
        <translation>含有多个 &lt;h1&gt; 的页面：哪个标题才是页面主题并不明确。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Keep one &lt;h1&gt; and make the other headings &lt;h2&gt; or lower.</source>
        <translation>只保留一个 &lt;h1&gt;，其余标题改为 &lt;h2&gt; 或更低级别。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages a robots meta tag or an X-Robots-Tag header keeps out of search engines (noindex or none).</source>
        <translation>被 robots meta 标签或 X-Robots-Tag 响应头排除在搜索引擎之外的页面（noindex 或 none）。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>If these pages should be found, remove the noindex; otherwise nothing to do.</source>
        <translation>如果这些页面应该被搜索到，请去掉 noindex；否则无需处理。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages whose canonical link names another URL: search engines index that URL instead of this one.</source>
        <translation>规范链接（canonical）指向另一个 URL 的页面：搜索引擎会索引那个 URL，而不是本页。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Check the canonical points at the right page; link to the canonical URL itself.</source>
        <translation>检查规范链接是否指向正确的页面；站内链接请直接指向规范 URL。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages whose canonical link is no web address (file:///…, a scheme no browser opens): search engines ignore it.</source>
        <translation>规范链接不是网址的页面（file:///…，或浏览器无法打开的协议）：搜索引擎会忽略它。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Make the canonical the page&apos;s own http(s) URL, or remove it.</source>
        <translation>将规范链接设为页面自己的 http(s) URL，或将其删除。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages whose content is exactly that of another URL (the same page under two addresses, e.g. with and without a query or a trailing slash).</source>
        <translation>内容与另一个 URL 完全相同的页面（同一页面有两个地址，例如带或不带查询参数、末尾斜杠）。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Link to one address only, and redirect the others to it or give them a canonical link to it.</source>
        <translation>只链接到其中一个地址，并将其他地址重定向到它，或为它们设置指向它的规范链接。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages that took longer than the threshold (1 s by default) to arrive: readers wait and leave.</source>
        <translation>加载时间超过阈值（默认 1 秒）的页面：读者等得不耐烦就会离开。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Speed up the server (caching, fewer database calls) or make the pages lighter.</source>
        <translation>提升服务器速度（缓存、减少数据库调用），或精简页面。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Answers bigger than the threshold (1 MB by default): slow to load, above all on phones.</source>
        <translation>超过阈值（默认 1 MB）的响应：加载缓慢，在手机上尤甚。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Compress or resize images and files, or split long pages.</source>
        <translation>压缩图片和文件或调整其尺寸，或拆分过长的页面。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs listed in the sitemap that no crawled page links to: readers cannot reach them by following links.</source>
        <translation>站点地图中列出、但没有任何已抓取页面链接到的 URL：读者无法通过链接到达。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Link to them from a related page, or remove them from the sitemap if they are gone.</source>
        <translation>在相关页面中添加指向它们的链接；如果页面已不存在，则从站点地图中删除。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs listed in the sitemap that did not answer 200 (redirects, errors): a sitemap should list only pages that exist at that address.</source>
        <translation>站点地图中列出、但未返回 200 的 URL（重定向、错误）：站点地图只应列出在该地址确实存在的页面。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>List the final address of each redirect, and remove the URLs that are gone.</source>
        <translation>对重定向列出其最终地址，并删除已不存在的 URL。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Rendered pages (--render) with links that only their JavaScript builds: a crawler or search engine that reads the HTML as sent never finds them, and one that renders finds them later and at a cost.</source>
        <translation>经过渲染的页面（--render）中只由 JavaScript 生成的链接：只读取原始 HTML 的爬虫或搜索引擎永远发现不了它们，会渲染的也要更晚、花更大代价才能发现。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Put the links that matter in the HTML the server sends (server-side rendering or pre-rendering); the links CSV marks each such link &quot;rendered&quot;.</source>
        <translation>把重要的链接放进服务器发送的 HTML 中（服务端渲染或预渲染）；链接 CSV 会把每个这样的链接标为 &quot;rendered&quot;。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Rendered pages whose title, meta description, H1, canonical or meta robots their JavaScript changes: what the server sends and what a reader sees say different things (both are kept: Details shows them as sent and as rendered).</source>
        <translation>标题、元描述、H1、规范链接或 meta robots 被 JavaScript 修改的已渲染页面：服务器发送的内容与读者看到的不一致（两者都会保留：“详情”中分别显示原始值和渲染后的值）。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Send the final values in the HTML itself; a canonical or robots value set by script is one search engines may never see.</source>
        <translation>直接在 HTML 中发送最终值；由脚本设置的规范链接或 robots 值，搜索引擎可能永远看不到。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages that say noindex only once their JavaScript has run: a search engine that renders them drops them, one that reads the HTML as sent may index them.</source>
        <translation>只有在 JavaScript 运行后才声明 noindex 的页面：会渲染的搜索引擎会剔除它们，只读取原始 HTML 的则可能将其编入索引。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Decide whether the page should be indexed, and say so in the HTML the server sends.</source>
        <translation>确定页面是否应被索引，并在服务器发送的 HTML 中明确声明。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Rendered pages whose JavaScript raised errors (uncaught exceptions, console errors): what they build may be missing for every reader.</source>
        <translation>JavaScript 出错（未捕获的异常、控制台错误）的已渲染页面：它们生成的内容可能对所有读者都缺失。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Open the page with the browser&apos;s console and fix the errors listed in Details.</source>
        <translation>打开浏览器控制台查看该页面，修复“详情”中列出的错误。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Rendered pages whose scripts or requests to this site failed (a script or an API call answering 404, 500, or not at all): each is also listed as a broken link of the page.</source>
        <translation>脚本或对本站的请求失败的已渲染页面（脚本或 API 调用返回 404、500 或毫无响应）：每一个也都列为该页面的断链。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Fix the URL the page&apos;s code asks for, or the server behind it.</source>
        <translation>修正页面代码请求的 URL，或其背后的服务器。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages the headless browser could not render in full (their time ran out, their script never yielded, their tab crashed or the browser went away): the note says which, and what the crawl kept.</source>
        <translation>无头浏览器未能完整渲染的页面（超时、脚本一直不让出、标签页崩溃或浏览器退出）：备注会说明是哪种情况，以及抓取保留了什么。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Open the page in a browser; raise --render-timeout if the page is only slow.</source>
        <translation>在浏览器中打开该页面；如果只是慢，请调高 --render-timeout。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Links to page#name where the page (crawled, HTML) has no element with that id and no &lt;a name&gt; of it: the reader lands at the top, not at the part the link promised.</source>
        <translation>指向 page#name 的链接，而该页面（已抓取的 HTML）没有该 id 的元素，也没有同名的 &lt;a name&gt;：读者落在页面顶部，而不是链接所承诺的位置。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Point the link at an id the page has, or give the element the id the link names.</source>
        <translation>让链接指向页面已有的 id，或给元素加上链接所指的 id。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Internal links that point at a URL that redirects: each click costs a round trip, and link equity leaks through the hop.</source>
        <translation>指向会重定向的 URL 的站内链接：每次点击多一次往返，链接权重也在跳转中流失。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Update the link to the redirect&apos;s final address.</source>
        <translation>把链接改为重定向的最终地址。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Links to pages of this site marked rel=nofollow: search engines are told not to follow your own links, so the pages they lead to may be found late or not at all.</source>
        <translation>指向本站页面却标记了 rel=nofollow 的链接：搜索引擎被告知不要跟随你自己的链接，其指向的页面可能很晚才被发现，甚至不被发现。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Remove nofollow from internal links; keep pages out of search with noindex instead.</source>
        <translation>去掉站内链接上的 nofollow；要让页面不进搜索结果，请改用 noindex。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Links whose words say nothing about where they lead (click here, read more, here…): screen-reader users listing links and search engines learn nothing from them.</source>
        <translation>文字没有说明去向的链接（点击这里、阅读更多、这里…）：浏览链接列表的读屏用户和搜索引擎都无从得知其目标。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Make the words of the link name its target (&quot;the 2024 price list&quot;, not &quot;here&quot;).</source>
        <translation>让链接文字说出它的目标（“2024 年价目表”，而不是“这里”）。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Internal links with no words at all (no text, no image alt, no aria-label): screen readers read out the address, and search engines get no hint of the target.</source>
        <translation>完全没有文字的站内链接（没有文本、没有图片 alt、没有 aria-label）：读屏软件只能念出地址，搜索引擎也得不到目标的任何提示。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Give the link text, or the alt of its image, or an aria-label.</source>
        <translation>给链接加上文字、为其图片加上 alt，或加上 aria-label。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Links that open another site in a new tab (target=&quot;_blank&quot;) without rel=&quot;noopener&quot;: in older browsers the new page can take over this one (tabnabbing).</source>
        <translation>在新标签页中打开其他网站（target=&quot;_blank&quot;）却没有 rel=&quot;noopener&quot; 的链接：在旧浏览器中，新页面可以接管本页（标签页劫持）。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Add rel=&quot;noopener&quot; (or noreferrer) to these links.</source>
        <translation>给这些链接加上 rel=&quot;noopener&quot;（或 noreferrer）。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Titles shorter than the threshold (30 characters by default): they say too little to stand out in search results.</source>
        <translation>短于阈值（默认 30 个字符）的标题：信息太少，在搜索结果中不够醒目。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Say what the page is about in a few more words.</source>
        <translation>多用几个词说明页面的内容。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages whose title and first H1 are the same text: a missed chance to say the page&apos;s subject in two ways.</source>
        <translation>标题与第一个 H1 文字相同的页面：错过了用两种说法表达页面主题的机会。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Nothing wrong as such; consider a title that also names the site or the page&apos;s purpose.</source>
        <translation>这本身没有错；可以考虑让标题也说出网站名或页面用途。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages with more than one &lt;title&gt;: browsers and search engines take one of them, maybe not the one meant.</source>
        <translation>有多个 &lt;title&gt; 的页面：浏览器和搜索引擎只取其中一个，未必是你想要的那个。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Keep one &lt;title&gt; in the page&apos;s head.</source>
        <translation>在页面的 head 中只保留一个 &lt;title&gt;。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Meta descriptions shorter than the threshold (70 characters by default): search engines then often write their own snippet.</source>
        <translation>短于阈值（默认 70 个字符）的 Meta 描述：搜索引擎往往会自己生成摘要。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Write a sentence or two that sums up the page.</source>
        <translation>写一两句话概括页面内容。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages with more than one meta description: search engines take one of them, maybe not the one meant.</source>
        <translation>有多个 Meta 描述的页面：搜索引擎只取其中一个，未必是你想要的那个。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Keep one meta description.</source>
        <translation>只保留一个 Meta 描述。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages without an &lt;h2&gt;: long pages without subheadings are hard to scan for readers and screen readers.</source>
        <translation>没有 &lt;h2&gt; 的页面：没有小标题的长页面，读者和读屏软件都难以快速浏览。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Split the page&apos;s content under &lt;h2&gt; subheadings.</source>
        <translation>用 &lt;h2&gt; 小标题划分页面内容。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages whose headings skip a level (an h1 followed by an h3): screen-reader users navigating by headings miss the structure.</source>
        <translation>标题跳级的页面（h1 之后直接是 h3）：按标题导航的读屏用户会看不清结构。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Use heading levels in order; style them with CSS rather than by picking a level.</source>
        <translation>按顺序使用标题层级；用 CSS 设定样式，而不是靠挑选层级。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages whose robots directives say nofollow: search engines do not follow any of their links.</source>
        <translation>robots 指令含 nofollow 的页面：搜索引擎不会跟随其中任何链接。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Remove nofollow unless no link of the page should be followed.</source>
        <translation>除非页面的所有链接都不该被跟随，否则去掉 nofollow。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages without a canonical link: with parameters or several addresses for one page, search engines must guess which one to index.</source>
        <translation>没有规范链接的页面：一个页面有参数或多个地址时，搜索引擎只能猜测该收录哪一个。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Give each page a canonical link to its preferred address (its own, usually).</source>
        <translation>给每个页面加上指向其首选地址（通常就是它自己）的规范链接。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages whose canonical target does not answer 200 (a redirect, an error): search engines ignore such a canonical, or index a dead page.</source>
        <translation>规范链接目标不返回 200（重定向、错误）的页面：搜索引擎会忽略这样的规范链接，或收录一个失效页面。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Make the canonical the final address of a page that answers 200.</source>
        <translation>让规范链接指向返回 200 的页面的最终地址。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages whose canonical target names yet another canonical: search engines may not follow the chain.</source>
        <translation>规范链接目标又指定了另一个规范链接的页面：搜索引擎未必会沿着这条链走下去。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Point every canonical straight at the final page.</source>
        <translation>让每个规范链接直接指向最终页面。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages with canonical links to different URLs: search engines ignore them all.</source>
        <translation>有多个指向不同 URL 的规范链接的页面：搜索引擎会全部忽略。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Keep one canonical link.</source>
        <translation>只保留一个规范链接。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Canonical links written as relative URLs: allowed, but a copy of the page on another host or path then names the wrong page.</source>
        <translation>写成相对 URL 的规范链接：虽然允许，但页面被复制到其他主机或路径时，就会指向错误的页面。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Write the canonical as an absolute URL.</source>
        <translation>把规范链接写成绝对 URL。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Canonical links in the body of the page: search engines ignore them there.</source>
        <translation>位于页面 body 中的规范链接：搜索引擎会忽略它们。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Move the canonical link into the &lt;head&gt;.</source>
        <translation>把规范链接移到 &lt;head&gt; 中。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Hreflang links whose code is no language (and region): search engines ignore them.</source>
        <translation>代码不是语言（及地区）的 hreflang 链接：搜索引擎会忽略它们。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Use ISO 639-1 language codes, optionally with an ISO 3166-1 region (en, en-GB), or x-default.</source>
        <translation>使用 ISO 639-1 语言代码，可加 ISO 3166-1 地区（en、en-GB），或 x-default。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages with hreflang alternates but no x-default: readers in other languages get no fallback page.</source>
        <translation>有 hreflang 替代版本却没有 x-default 的页面：其他语言的读者没有后备页面。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Add an hreflang=&quot;x-default&quot; link to the page for everyone else.</source>
        <translation>添加一个 hreflang=&quot;x-default&quot; 链接，指向给其他所有人的页面。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Hreflang alternates that do not answer 200: search engines drop them.</source>
        <translation>不返回 200 的 hreflang 替代版本：搜索引擎会丢弃它们。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Link each language to a page that answers 200 at that address.</source>
        <translation>让每种语言都链接到在该地址返回 200 的页面。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Hreflang alternates that do not link back to the page: search engines ignore hreflang that is not confirmed both ways.</source>
        <translation>没有回链到本页的 hreflang 替代版本：搜索引擎会忽略未经双向确认的 hreflang。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Give every alternate hreflang links to all the others, this page included.</source>
        <translation>给每个替代版本加上指向所有其他版本（包括本页）的 hreflang 链接。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages whose visible text is almost that of another page (90% alike by default): search engines may index one of them only.</source>
        <translation>可见文字与另一页面几乎相同（默认相似度 90%）的页面：搜索引擎可能只收录其中一个。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Merge the pages, make each one say something of its own, or point their canonical at one.</source>
        <translation>合并这些页面，让每个页面都有自己的内容，或把它们的规范链接指向其中一个。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages with little visible text (under 200 words by default): thin pages rank poorly and tell readers little.</source>
        <translation>可见文字很少（默认少于 200 词）的页面：内容单薄的页面排名差，对读者帮助也少。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Add substance, merge the page with a related one, or keep it out of search.</source>
        <translation>充实内容，把页面与相关页面合并，或让它不进搜索结果。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages showing placeholder text (lorem ipsum): a template or draft went live.</source>
        <translation>显示占位文字（lorem ipsum）的页面：模板或草稿被发布上线了。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Replace the placeholder with the real text.</source>
        <translation>用真实文字替换占位文字。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>JSON-LD blocks that are not valid JSON: search engines ignore all of them.</source>
        <translation>不是有效 JSON 的 JSON-LD 块：搜索引擎会全部忽略。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Fix the JSON (a validator such as Google&apos;s Rich Results Test says where).</source>
        <translation>修正 JSON（Google 的富媒体搜索结果测试等验证工具会指出位置）。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Structured data of a type Google shows as a rich result, without a property its documentation requires: no rich result is shown.</source>
        <translation>Google 会以富媒体结果展示的类型的结构化数据，却缺少其文档要求的属性：不会显示富媒体结果。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Add the properties the detail names.</source>
        <translation>添加详情中指出的属性。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages without &lt;meta name=&quot;viewport&quot;&gt;: phones show them as a shrunken desktop page.</source>
        <translation>没有 &lt;meta name=&quot;viewport&quot;&gt; 的页面：手机会把它们显示为缩小的桌面页面。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Add &lt;meta name=&quot;viewport&quot; content=&quot;width=device-width, initial-scale=1&quot;&gt;.</source>
        <translation>添加 &lt;meta name=&quot;viewport&quot; content=&quot;width=device-width, initial-scale=1&quot;&gt;。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages without Open Graph title, description or image: shared on social sites, they show no picture or a guessed text.</source>
        <translation>缺少 Open Graph 标题、描述或图片的页面：分享到社交网站时，没有图片或只显示猜测的文字。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Add og:title, og:description and og:image meta tags.</source>
        <translation>添加 og:title、og:description 和 og:image meta 标签。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>HTML answers without the headers that stop sniffing, framing and referrer leaks (and HSTS on https): browsers then allow more than the page needs.</source>
        <translation>缺少防止内容嗅探、框架嵌入和来源泄露的响应头（https 上还有 HSTS）的 HTML 响应：浏览器因此允许了超出页面所需的行为。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Send the headers the detail names from the server or its proxy.</source>
        <translation>由服务器或其代理发送详情中指出的响应头。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Images without an alt attribute: screen readers read out the file name; alt=&quot;&quot; marks a decorative image, which is not flagged.</source>
        <translation>没有 alt 属性的图片：读屏软件会念出文件名；alt=&quot;&quot; 表示装饰性图片，不会被标记。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Describe each image in its alt; give decorative ones alt=&quot;&quot;.</source>
        <translation>在 alt 中描述每张图片；装饰性图片设为 alt=&quot;&quot;。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Images whose alt text is longer than the threshold (100 characters by default): screen readers read it all, and cannot pause in it.</source>
        <translation>alt 文本长于阈值（默认 100 个字符）的图片：读屏软件会整段念完，中间无法停顿。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Keep alt short; describe the image at length in the text around it.</source>
        <translation>让 alt 保持简短；在图片周围的正文中详细描述。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Images without width and height attributes: the page jumps as they load (layout shift).</source>
        <translation>没有 width 和 height 属性的图片：加载时页面会跳动（布局偏移）。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Give each &lt;img&gt; its width and height (CSS can still scale it).</source>
        <translation>给每个 &lt;img&gt; 设置宽度和高度（仍可用 CSS 缩放）。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Images of this site bigger than the threshold (100 KB by default): slow on phones and slow networks.</source>
        <translation>本站大于阈值（默认 100 KB）的图片：在手机和慢速网络上加载很慢。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Compress them, serve a modern format (WebP, AVIF) or the size they are shown at.</source>
        <translation>压缩它们，使用现代格式（WebP、AVIF），或按显示尺寸提供。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs with upper-case letters: URLs are case-sensitive, so links typed in lower case break, and two spellings make duplicates.</source>
        <translation>含大写字母的 URL：URL 区分大小写，用小写输入的链接会失效，两种写法还会造成重复。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Use lower-case URLs, and redirect the others to them.</source>
        <translation>使用小写 URL，并把其他写法重定向过去。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs with underscores: search engines read words joined by _ as one word.</source>
        <translation>含下划线的 URL：搜索引擎会把用 _ 连接的词当作一个词。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Separate the words of URLs with hyphens.</source>
        <translation>用连字符分隔 URL 中的词。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs with characters outside ASCII (percent-encoded): hard to read, type and share.</source>
        <translation>含 ASCII 以外字符（百分号编码）的 URL：难以阅读、输入和分享。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Use plain ASCII words in URLs.</source>
        <translation>在 URL 中使用纯 ASCII 词语。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs with query parameters: each combination is a URL of its own to crawl and index, often with the same content.</source>
        <translation>含查询参数的 URL：每种组合都是一个需要抓取和收录的独立 URL，而内容往往相同。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Prefer plain paths for pages that should be found; canonicalise the parameter variants.</source>
        <translation>希望被找到的页面优先使用简单路径；为带参数的变体设置规范链接。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs longer than the threshold (115 characters by default): hard to read and share, and cut in search results.</source>
        <translation>长于阈值（默认 115 个字符）的 URL：难以阅读和分享，在搜索结果中会被截断。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Shorten the URLs of these pages.</source>
        <translation>缩短这些页面的 URL。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs with // in their path: usually a link built by joining strings, and the same page under another address.</source>
        <translation>路径中含 // 的 URL：通常是拼接字符串生成的链接，而且同一页面多了一个地址。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Fix the links that make them, and redirect to the address with single slashes.</source>
        <translation>修正产生它们的链接，并重定向到只有单斜杠的地址。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Sitemap URLs that are noindex: the sitemap asks search engines to index what the page forbids.</source>
        <translation>标记为 noindex 的站点地图 URL：站点地图请求搜索引擎收录页面本身所禁止的内容。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Remove them from the sitemap, or the noindex from the page.</source>
        <translation>把它们从站点地图中移除，或去掉页面上的 noindex。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages where your extraction rule (--extract, or Extract in the settings) found nothing: the element, attribute or pattern it looks for is not on them.</source>
        <translation>你的提取规则（--extract，或设置中的“提取”）什么也没找到的页面：页面上没有它要找的元素、属性或模式。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>If every page should have it (a price, a tracking tag, structured data), add it to these pages; else check the rule against one of them.</source>
        <translation>如果每个页面都应该有它（价格、跟踪代码、结构化数据），请在这些页面中补上；否则请用其中一个页面检验该规则。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages whose HTML holds the text or pattern of your search rule (--search, or Search in the settings); its column counts how often.</source>
        <translation>HTML 中含有你的搜索规则（--search，或设置中的“搜索”）所找文字或模式的页面；其对应列统计出现次数。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Whether that is a problem is yours to say: an old brand name, a staging host, an error message on these pages wants replacing.</source>
        <translation>这是否算问题由你判断：例如这些页面上的旧品牌名、测试环境主机或错误信息需要替换。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Pages whose HTML lacks the text or pattern of your search rule (--search-absent, or Search (absent) in the settings).</source>
        <translation>HTML 中缺少你的搜索规则（--search-absent，或设置中的“搜索（缺失）”）所找文字或模式的页面。</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Add it where it belongs (an analytics snippet, a consent banner, a required notice).</source>
        <translation>在应有的位置补上它（统计代码片段、同意横幅、必需的声明）。</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <location filename="../ui/file_dialogs.py"/>
        <source>{path} is one of the kernel&apos;s files (/proc, /sys, /dev), not one to open or save</source>
        <translation>{path} 是内核文件（/proc、/sys、/dev），不能打开或保存</translation>
    </message>
    <message>
        <location filename="../ui/file_dialogs.py"/>
        <source>a named pipe (FIFO)</source>
        <translation>命名管道（FIFO）</translation>
    </message>
    <message>
        <location filename="../ui/file_dialogs.py"/>
        <source>a device or a socket</source>
        <translation>设备或套接字</translation>
    </message>
    <message>
        <location filename="../ui/file_dialogs.py"/>
        <source>{path} is {kind}, not a file: reading or writing it would wait for its other end</source>
        <translation>{path} 是{kind}，不是文件：读写它会一直等待另一端</translation>
    </message>
    <message>
        <location filename="../ui/file_dialogs.py"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location filename="../ui/file_dialogs.py"/>
        <source>{suffix} file</source>
        <translation>{suffix} 文件</translation>
    </message>
    <message>
        <location filename="../ui/file_dialogs.py"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../ui/file_dialogs.py"/>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../ui/file_dialogs.py"/>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>FilterChip</name>
    <message>
        <location filename="../ui/views.py"/>
        <source>Remove this filter</source>
        <translation>移除此筛选</translation>
    </message>
    <message>
        <location filename="../ui/views.py"/>
        <source>{filter}: only its pages are shown (the close button shows every page again)</source>
        <translation>{filter}：只显示其页面（点击关闭按钮可重新显示所有页面）</translation>
    </message>
</context>
<context>
    <name>Findings</name>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Broken internal links</source>
        <translation>站内断链</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Broken external links</source>
        <translation>外部断链</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Warnings: broken links matching --warn</source>
        <translation>警告：匹配 --warn 的断链</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Blocked or throttled, not broken (robots.txt, bot walls, 429, 503, 999, private addresses)</source>
        <translation>被拦截或限流，并非断链（robots.txt、机器人验证、429、503、999、私有地址）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Timed out, no answer within the time limit</source>
        <translation>超时，时限内无响应</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Errors of the crawler&apos;s own limits or failures, not the site&apos;s doing (size limit, open files, ports, memory, too busy, a crawler bug)</source>
        <translation>爬虫自身限制或故障导致的错误，并非网站的问题（大小限制、打开的文件、端口、内存、过于繁忙、爬虫缺陷）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Hosts given up on (every request refused or unanswered)</source>
        <translation>已放弃的主机（所有请求均被拒绝或无响应）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Redirect chains (2+ hops)</source>
        <translation>重定向链（2 跳及以上）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Redirect loops</source>
        <translation>重定向循环</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Links to a #fragment the target page lacks</source>
        <translation>指向目标页面所没有的 #片段 的链接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Internal links to a redirect</source>
        <translation>指向重定向的站内链接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Internal links marked nofollow</source>
        <translation>标记为 nofollow 的站内链接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Links whose words say nothing (click here, read more…)</source>
        <translation>文字毫无信息的链接（点击这里、阅读更多…）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Internal links without words</source>
        <translation>没有文字的站内链接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>target=&quot;_blank&quot; to another host without noopener</source>
        <translation>指向其他主机且无 noopener 的 target=&quot;_blank&quot;</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Title missing</source>
        <translation>缺少标题</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Title duplicated</source>
        <translation>标题重复</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Title too long</source>
        <translation>标题过长</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Title too short</source>
        <translation>标题过短</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Title the same as the H1</source>
        <translation>标题与 H1 相同</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Several &lt;title&gt;</source>
        <translation>多个 &lt;title&gt;</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Meta description missing</source>
        <translation>缺少元描述</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Meta description duplicated</source>
        <translation>元描述重复</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Meta description too long</source>
        <translation>元描述过长</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Meta description too short</source>
        <translation>Meta 描述过短</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Several meta descriptions</source>
        <translation>多个 Meta 描述</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>H1 missing</source>
        <translation>缺少 H1</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Several H1</source>
        <translation>多个 H1</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>H2 missing</source>
        <translation>缺少 H2</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Heading levels skipped (h1 → h3…)</source>
        <translation>标题层级跳级（h1 → h3…）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Noindex</source>
        <translation>Noindex</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Nofollow (meta robots or X-Robots-Tag)</source>
        <translation>Nofollow（meta robots 或 X-Robots-Tag）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Canonicalised elsewhere</source>
        <translation>规范链接指向别处</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Canonical not http(s)</source>
        <translation>规范链接不是 http(s)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Canonical missing</source>
        <translation>缺少规范链接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Canonical target not 200</source>
        <translation>规范链接目标不是 200</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Canonical target canonicalised elsewhere</source>
        <translation>规范链接目标又规范到别处</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Several different canonicals</source>
        <translation>多个不同的规范链接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Canonical written as a relative URL</source>
        <translation>规范链接写成相对 URL</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Canonical outside &lt;head&gt;</source>
        <translation>规范链接在 &lt;head&gt; 之外</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Hreflang code not a language</source>
        <translation>Hreflang 代码不是语言</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Hreflang without x-default</source>
        <translation>Hreflang 缺少 x-default</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Hreflang target not 200</source>
        <translation>Hreflang 目标不是 200</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Hreflang target without a link back</source>
        <translation>Hreflang 目标没有回链</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Exact duplicate pages</source>
        <translation>完全重复的页面</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Near duplicate pages</source>
        <translation>近似重复页面</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Low content (few words)</source>
        <translation>内容过少（字数少）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Placeholder text (lorem ipsum)</source>
        <translation>占位文字（lorem ipsum）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Structured data that does not parse</source>
        <translation>无法解析的结构化数据</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Structured data missing required properties</source>
        <translation>结构化数据缺少必需属性</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Viewport meta tag missing</source>
        <translation>缺少 viewport meta 标签</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Open Graph tags missing</source>
        <translation>缺少 og:title、og:description 或 og:image 标签</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Security headers missing</source>
        <translation>缺少安全响应头</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Images without alt</source>
        <translation>没有 alt 的图片</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Image alt text too long</source>
        <translation>图片 alt 文本过长</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Images without width and height</source>
        <translation>没有宽度和高度的图片</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Internal images too heavy</source>
        <translation>站内图片过大</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs with upper-case letters</source>
        <translation>含大写字母的 URL</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs with underscores</source>
        <translation>含下划线的 URL</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs with non-ASCII characters</source>
        <translation>含非 ASCII 字符的 URL</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs with query parameters</source>
        <translation>含查询参数的 URL</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs too long</source>
        <translation>URL 过长</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URLs with repeated slashes in the path</source>
        <translation>路径中有重复斜杠的 URL</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Slow pages</source>
        <translation>慢速页面</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Large pages</source>
        <translation>大页面</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>In sitemap, never linked (orphans)</source>
        <translation>在站点地图中但无链接指向（孤立页面）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Non-200 in sitemap</source>
        <translation>站点地图中的非 200 URL</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Noindex in sitemap</source>
        <translation>站点地图中的 noindex 页面</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Links only after JavaScript</source>
        <translation>仅在 JavaScript 运行后出现的链接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Title, description, H1, canonical or robots changed by JavaScript</source>
        <translation>标题、描述、H1、规范链接或 robots 被 JavaScript 修改</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Noindex only after JavaScript</source>
        <translation>仅在 JavaScript 运行后出现的 noindex</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>JavaScript errors</source>
        <translation>JavaScript 错误</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Failed requests of rendered pages</source>
        <translation>已渲染页面的失败请求</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Rendering failed or cut short</source>
        <translation>渲染失败或被中断</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>{name}: nothing extracted</source>
        <translation>{name}：未提取到内容</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>{name}: not found</source>
        <translation>{name}：未找到</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>{name}: found</source>
        <translation>{name}：已找到</translation>
    </message>
</context>
<context>
    <name>LiveChart</name>
    <message>
        <location filename="../ui/charts.py"/>
        <source>Over in {}: one sample</source>
        <translation>{} 内结束：只有一个样本</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../window.py"/>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Start a fresh crawl of the address</source>
        <translation>对该地址开始一次全新的抓取</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Pause or resume the crawl</source>
        <translation>暂停或恢复抓取</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Cancel the crawl (rows are kept)</source>
        <translation>取消抓取（已有的行会保留）</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>&amp;Export all…</source>
        <translation>全部导出(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Export every page as CSV</source>
        <translation>将所有页面导出为 CSV</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Export &amp;filtered…</source>
        <translation>导出筛选结果(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Export exactly the rows of the filtered pages view as CSV</source>
        <translation>将筛选后的页面视图中的行原样导出为 CSV</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>&amp;Open crawl…</source>
        <translation>打开抓取(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Open a saved crawl file to see its rows and continue it</source>
        <translation>打开已保存的抓取文件，查看其中的行并继续抓取</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Co&amp;ntinue crawl</source>
        <translation>继续抓取(&amp;N)</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Continue the opened or stopped crawl: fetch what it had left, nothing twice</source>
        <translation>继续已打开或已停止的抓取：只抓取剩余的 URL，不会重复抓取</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Check a &amp;list of URLs…</source>
        <translation>检查 URL 列表(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Check exactly the URLs of a list: pasted, or a text, CSV or sitemap file</source>
        <translation>只检查列表中的 URL：可粘贴，或使用文本、CSV、站点地图文件</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>&amp;Re-check all broken</source>
        <translation>重新检查所有断链(&amp;R)</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Fetch again the shown crawl&apos;s broken, blocked and failed URLs; their rows are replaced, their earlier answers kept in the crawl file</source>
        <translation>重新抓取当前抓取中断链、被拦截和失败的 URL；其行会被替换，之前的响应保留在抓取文件中</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Co&amp;mpare crawls…</source>
        <translation>比较抓取(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>What changed between two crawls of one site: URLs added and removed, answers, titles, descriptions, H1s, canonicals, robots, content</source>
        <translation>同一网站两次抓取之间的变化：新增和移除的 URL、响应、标题、描述、H1、规范链接、robots、内容</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Edit the address</source>
        <translation>编辑地址</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Filter the pages table</source>
        <translation>筛选页面表格</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Close the window</source>
        <translation>关闭窗口</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Crawl</source>
        <translation>抓取</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Address to crawl</source>
        <translation>要抓取的地址</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Address to crawl, e.g. {url}</source>
        <translation>要抓取的地址，例如 {url}</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Details of the selected URL</source>
        <translation>所选 URL 的详情</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Views</source>
        <translation>视图</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>&amp;Pages</source>
        <translation>页面(&amp;P)</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Site &amp;tree</source>
        <translation>站点树(&amp;T)</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>&amp;Workers</source>
        <translation>工作协程(&amp;W)</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>&amp;Redirects</source>
        <translation>重定向(&amp;R)</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>&amp;Broken links</source>
        <translation>断链(&amp;B)</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>T&amp;imeline</source>
        <translation>时间线(&amp;I)</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>H&amp;osts</source>
        <translation>主机(&amp;O)</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>&amp;Overview</source>
        <translation>概览(&amp;O)</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Site &amp;graph</source>
        <translation>站点图(&amp;G)</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>Show this tab</source>
        <translation>显示此标签页</translation>
    </message>
    <message>
        <location filename="../window.py"/>
        <source>&amp;Resume</source>
        <translation>恢复(&amp;R)</translation>
    </message>
</context>
<context>
    <name>Nodes</name>
    <message>
        <location filename="../cluster/nodes.py"/>
        <source>working</source>
        <translation>工作中</translation>
    </message>
    <message>
        <location filename="../cluster/nodes.py"/>
        <source>lost</source>
        <translation>已失联</translation>
    </message>
    <message>
        <location filename="../cluster/nodes.py"/>
        <source>left</source>
        <translation>已离开</translation>
    </message>
    <message>
        <location filename="../cluster/nodes.py"/>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../cluster/nodes.py"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../cluster/nodes.py"/>
        <source>{busy}/{workers} busy</source>
        <translation>{busy}/{workers} 忙</translation>
    </message>
    <message>
        <location filename="../cluster/nodes.py"/>
        <source> · Redis unreachable</source>
        <translation> · 无法连接 Redis</translation>
    </message>
    <message>
        <location filename="../cluster/nodes.py"/>
        <source>node {n} · {machine} · {state}</source>
        <translation>节点 {n} · {machine} · {state}</translation>
    </message>
</context>
<context>
    <name>OptionFields</name>
    <message>
        <location filename="../config.py"/>
        <location filename="../ui/option_fields.py"/>
        <source>{name} {problem}</source>
        <translation>{name}{problem}</translation>
    </message>
</context>
<context>
    <name>Options</name>
    <message>
        <location filename="../config.py"/>
        <source>give at least one URL to crawl</source>
        <translation>请至少提供一个要抓取的 URL</translation>
    </message>
    <message>
        <location filename="../config.py"/>
        <source>its options are {kind}, not a JSON object</source>
        <translation>其选项是{kind}，不是 JSON 对象</translation>
    </message>
    <message>
        <location filename="../config.py"/>
        <source>its roots are {kind}, not a list of URLs</source>
        <translation>其起始 URL 是{kind}，不是 URL 列表</translation>
    </message>
    <message>
        <location filename="../config.py"/>
        <source>one of its roots is {kind}, not a URL</source>
        <translation>其中一个起始 URL 是{kind}，不是 URL</translation>
    </message>
    <message>
        <location filename="../config.py"/>
        <source>a list of {n}</source>
        <translation>含 {n} 项的列表</translation>
    </message>
    <message>
        <location filename="../config.py"/>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <location filename="../config.py"/>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../config.py"/>
        <source>true or false</source>
        <translation>真或假</translation>
    </message>
    <message>
        <location filename="../config.py"/>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <location filename="../config.py"/>
        <source>{name} is not a valid regular expression: {error}</source>
        <translation>{name} 不是有效的正则表达式：{error}</translation>
    </message>
    <message>
        <location filename="../options/__init__.py"/>
        <source>must be set</source>
        <translation>必须设置</translation>
    </message>
    <message>
        <location filename="../options/__init__.py"/>
        <source> (or unset)</source>
        <translation>（或不设置）</translation>
    </message>
    <message>
        <location filename="../options/__init__.py"/>
        <source>must be a whole number, not {value}</source>
        <translation>必须是整数，而不是 {value}</translation>
    </message>
    <message>
        <location filename="../options/__init__.py"/>
        <source>must be between {low} and {high}{unset}, not {value}</source>
        <translation>必须在 {low} 到 {high} 之间{unset}，而不是 {value}</translation>
    </message>
    <message>
        <location filename="../options/__init__.py"/>
        <source>must be a number, not {value}</source>
        <translation>必须是数字，而不是 {value}</translation>
    </message>
    <message>
        <location filename="../options/__init__.py"/>
        <source> seconds</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location filename="../options/__init__.py"/>
        <source>must be between {low} and {high}{unit}, not {value}</source>
        <translation>必须在 {low} 到 {high}{unit} 之间，而不是 {value}</translation>
    </message>
    <message>
        <location filename="../options/__init__.py"/>
        <source>must be true or false, not {value}</source>
        <translation>必须是真或假，而不是 {value}</translation>
    </message>
    <message>
        <location filename="../options/__init__.py"/>
        <source>must be a list of text lines, not {value}</source>
        <translation>必须是文本行的列表，而不是 {value}</translation>
    </message>
    <message>
        <location filename="../options/__init__.py"/>
        <source>must be text, not {value}</source>
        <translation>必须是文本，而不是 {value}</translation>
    </message>
    <message>
        <location filename="../options/__init__.py"/>
        <source>is not a valid regular expression: {error}</source>
        <translation>不是有效的正则表达式：{error}</translation>
    </message>
    <message>
        <location filename="../options/__init__.py"/>
        <source>must be one of {values}, not {value}</source>
        <translation>必须是 {values} 之一，而不是 {value}</translation>
    </message>
    <message>
        <location filename="../options/__init__.py"/>
        <location filename="../options/forms.py"/>
        <source>must be one non-empty line</source>
        <translation>必须是一行非空文本</translation>
    </message>
    <message>
        <location filename="../options/__init__.py"/>
        <source>{low} to {high}</source>
        <translation>{low} 到 {high}</translation>
    </message>
    <message>
        <location filename="../options/forms.py"/>
        <source>must be &apos;Name: value&apos; (a header name, a colon, its value)</source>
        <translation>必须是“名称: 值”的形式（请求头名称、冒号、值）</translation>
    </message>
    <message>
        <location filename="../options/forms.py"/>
        <source>cannot set the {header} header: the crawler sets it for each request</source>
        <translation>不能设置 {header} 请求头：爬虫会为每个请求自行设置</translation>
    </message>
    <message>
        <location filename="../options/forms.py"/>
        <source>must be &apos;name=value&apos; (one cookie; give the option again for another)</source>
        <translation>必须是“name=value”的形式（一个 Cookie；多个请重复给出该选项）</translation>
    </message>
    <message>
        <location filename="../options/forms.py"/>
        <source>must be &apos;user:password&apos;</source>
        <translation>必须是“用户名:密码”的形式</translation>
    </message>
    <message>
        <location filename="../options/forms.py"/>
        <source>must be an http:// proxy URL (user:password@ before its host if it needs them)</source>
        <translation>必须是 http:// 代理 URL（如需认证，在主机前加 用户名:密码@）</translation>
    </message>
    <message>
        <location filename="../options/forms.py"/>
        <source>has an invalid port (1 to 65535)</source>
        <translation>端口无效（应为 1 到 65535）</translation>
    </message>
    <message>
        <location filename="../options/forms.py"/>
        <source>is not a valid URL (http://[user:password@]host:port)</source>
        <translation>不是有效的 URL（http://[用户名:密码@]主机:端口）</translation>
    </message>
    <message>
        <location filename="../options/forms.py"/>
        <source>has an invalid host name</source>
        <translation>主机名无效</translation>
    </message>
    <message>
        <location filename="../options/forms.py"/>
        <source>must be statuses such as 403, 429, 500-599: {why}</source>
        <translation>必须是 403, 429, 500-599 这样的状态码：{why}</translation>
    </message>
    <message>
        <location filename="../parsing/extract.py"/>
        <source>must be NAME=…, NAME a letter then letters, digits, _ or - (up to 40)</source>
        <translation>必须是 名称=… 的形式，名称以字母开头，后跟字母、数字、_ 或 -（最多 40 个字符）</translation>
    </message>
    <message>
        <location filename="../parsing/extract.py"/>
        <source>{name}: say how, as css:SELECTOR, xpath:EXPR or regex:PATTERN</source>
        <translation>{name}：请说明提取方式，如 css:选择器、xpath:表达式 或 regex:模式</translation>
    </message>
    <message>
        <location filename="../parsing/extract.py"/>
        <source>{name}: nothing to look for</source>
        <translation>{name}：没有要查找的内容</translation>
    </message>
    <message>
        <location filename="../parsing/extract.py"/>
        <source>{name}: not a valid regular expression: {error}</source>
        <translation>{name}：不是有效的正则表达式：{error}</translation>
    </message>
    <message>
        <location filename="../parsing/extract.py"/>
        <source>{name}: not a CSS selector: {error}</source>
        <translation>{name}：不是 CSS 选择器：{error}</translation>
    </message>
    <message>
        <location filename="../parsing/extract.py"/>
        <source>{name}: XPath needs lxml (pip install lxml), or use css:SELECTOR</source>
        <translation>{name}：XPath 需要 lxml（pip install lxml），或改用 css:选择器</translation>
    </message>
    <message>
        <location filename="../parsing/extract.py"/>
        <source>{name}: not an XPath expression: {error}</source>
        <translation>{name}：不是 XPath 表达式：{error}</translation>
    </message>
    <message>
        <location filename="../parsing/extract.py"/>
        <source>a rule&apos;s name is its column: {names} given twice</source>
        <translation>规则名即其列名：{names} 重复出现</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>&amp;Workers</source>
        <translation>工作协程(&amp;W)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>worker coroutines (concurrent fetches); can be changed while a crawl runs</source>
        <translation>工作协程数（并发抓取数）；抓取进行中也可以修改</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>max_tasks</source>
        <translation>工作协程数</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Max &amp;redirects</source>
        <translation>最大重定向数(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>redirect hops per chain</source>
        <translation>每条重定向链的最大跳数</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>max_redirect</source>
        <translation>最大重定向数</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Max &amp;tries</source>
        <translation>最大尝试次数(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>tries per URL on connection errors, timeouts, 429 and 503</source>
        <translation>遇到连接错误、超时、429 和 503 时每个 URL 的尝试次数</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>max_tries</source>
        <translation>最大尝试次数</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Max &amp;pages</source>
        <translation>最大页面数(&amp;P)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>take in at most N URLs</source>
        <translation>最多收录 N 个 URL</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>max_pages</source>
        <translation>最大页面数</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Max &amp;depth</source>
        <translation>最大深度(&amp;D)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>follow links at most N levels from a root</source>
        <translation>从起始 URL 起最多跟随 N 层链接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>max_depth</source>
        <translation>最大深度</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>E&amp;xclude</source>
        <translation>排除(&amp;X)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>skip URLs matching this regex (searched in the URL)</source>
        <translation>跳过匹配此正则表达式的 URL（在 URL 中搜索）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>regex, e.g. \.(pdf|zip)$</source>
        <translation>正则表达式，例如 \.(pdf|zip)$</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>exclude</source>
        <translation>排除</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>&amp;Include</source>
        <translation>包含(&amp;I)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>only follow URLs matching this regex (searched in the URL)</source>
        <translation>只跟随匹配此正则表达式的 URL（在 URL 中搜索）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>regex a URL must match</source>
        <translation>URL 必须匹配的正则表达式</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>include</source>
        <translation>包含</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>&amp;User agent</source>
        <translation>用户代理(&amp;U)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>User-Agent header</source>
        <translation>User-Agent 请求头</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>user_agent</source>
        <translation>用户代理</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>user agent</source>
        <translation>用户代理</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>&amp;Scope</source>
        <translation>范围(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>same host as a root (modulo www., same explicit port)</source>
        <translation>与起始 URL 同一主机（忽略 www.，端口须相同）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>strict</source>
        <translation>范围</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>strict: same host</source>
        <translation>严格：同一主机</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>lenient: same domain</source>
        <translation>宽松：同一域名</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Time&amp;out</source>
        <translation>超时(&amp;O)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>seconds per try, and longest silence while reading</source>
        <translation>每次尝试的秒数，以及读取时允许的最长静默</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>&amp;Accept statuses</source>
        <translation>接受的状态码(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>count these statuses as ok (e.g. 403,429 or 200-299): not broken, not blocked, in every count and the exit code</source>
        <translation>把这些状态码算作正常（例如 403,429 或 200-299）：在所有计数和退出码中既不算断链，也不算被拦截</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>e.g. 403, 429, 500-599</source>
        <translation>例如 403, 429, 500-599</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>accept_status</source>
        <translation>接受的状态码</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>accept status</source>
        <translation>接受的状态码</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Run the page checks (fragments, images, headings…)</source>
        <translation>运行页面检查（片段、图片、标题…）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>run the auditor&apos;s page checks (images, headings, fragments, canonicals, hreflang, structured data, near duplicates…)</source>
        <translation>运行审计的页面检查（图片、标题、片段、规范链接、hreflang、结构化数据、近似重复…）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>checks</source>
        <translation>页面检查</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>&amp;Warn only</source>
        <translation>仅警告(&amp;W)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>a broken URL matching this regex (searched in the URL) is a warning: listed, not failing the crawl (exit code 0)</source>
        <translation>匹配此正则（在 URL 中搜索）的断开 URL 只算警告：列出，但不使抓取失败（退出码 0）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>regex, e.g. ^https?://(www\.)?linkedin\.com/</source>
        <translation>正则，例如 ^https?://(www\.)?linkedin\.com/</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>warn</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Per &amp;host</source>
        <translation>每主机(&amp;H)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>most requests in flight to one host</source>
        <translation>对同一主机同时进行的最多请求数</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>per_host</source>
        <translation>每主机</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>De&amp;lay</source>
        <translation>间隔(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>least seconds between two requests to one host; robots.txt Crawl-delay raises it (up to {max_crawl_delay})</source>
        <translation>对同一主机两次请求之间的最少秒数；robots.txt 的 Crawl-delay 会将其调高（最多 {max_crawl_delay}）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>delay</source>
        <translation>间隔</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>&amp;Give up after</source>
        <translation>放弃时限(&amp;G)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>give up on a host whose every request failed (429, 503, no answer) for S seconds: its URLs are recorded at once, unfetched</source>
        <translation>若某主机在 S 秒内每个请求都失败（429、503、无响应）则放弃它：其 URL 立即记录为未抓取</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>give_up_after</source>
        <translation>放弃时限</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Ignore robots.txt (your own site only)</source>
        <translation>忽略 robots.txt（仅限你自己的网站）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>do not read robots.txt (for your own site)</source>
        <translation>不读取 robots.txt（用于你自己的网站）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>ignore_robots</source>
        <translation>忽略 robots.txt</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Read sitemaps</source>
        <translation>读取站点地图</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>seed the crawl from robots.txt Sitemap: lines and /sitemap.xml</source>
        <translation>从 robots.txt 的 Sitemap: 行和 /sitemap.xml 获取初始 URL</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>use_sitemaps</source>
        <translation>读取站点地图</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Check external links (HEAD, once each)</source>
        <translation>检查外部链接（HEAD，每个一次）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>check every off-site link once (HEAD, else GET)</source>
        <translation>每个站外链接检查一次（HEAD，不行则 GET）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>check_external</source>
        <translation>检查外部链接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Headers</source>
        <translation>请求头</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>headers sent with every request to the roots&apos; hosts, one &apos;Name: value&apos; a line</source>
        <translation>随每个请求发送给起始 URL 所在主机的请求头，每行一个“名称: 值”</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Name: value, one a line</source>
        <translation>名称: 值，每行一个</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>headers</source>
        <translation>请求头</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Cookies</source>
        <translation>Cookie</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>cookies sent with every request to the roots&apos; hosts, one name=value a line</source>
        <translation>随每个请求发送给起始 URL 所在主机的 Cookie，每行一个 name=value</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>name=value, one a line</source>
        <translation>name=value，每行一个</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>cookies</source>
        <translation>Cookie</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Basic auth</source>
        <translation>基本认证</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>HTTP basic authentication (&apos;user:password&apos;) for the roots&apos; hosts</source>
        <translation>用于起始 URL 所在主机的 HTTP 基本认证（“用户名:密码”）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>user:password</source>
        <translation>用户名:密码</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>auth</source>
        <translation>基本认证</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Proxy</source>
        <translation>代理</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>send every request through this HTTP proxy (http://[user:password@]host:port)</source>
        <translation>所有请求都通过此 HTTP 代理发送（http://[用户名:密码@]主机:端口）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>http://host:port</source>
        <translation>http://主机:端口</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>proxy</source>
        <translation>代理</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Extract</source>
        <translation>提取</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>a column of a value of each page, one NAME=css:SELECTOR, NAME=xpath:EXPR or NAME=regex:PATTERN a line (SELECTOR@attr: an attribute)</source>
        <translation>为每个页面提取一个值作为一列，每行一条 名称=css:选择器、名称=xpath:表达式 或 名称=regex:模式（选择器@attr：取属性）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>price=css:.price  (one rule a line)</source>
        <translation>price=css:.price  （每行一条规则）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>extract</source>
        <translation>提取</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>add a column NAME counting TEXT (or regex:PATTERN) in each page&apos;s HTML; its finding: the pages that have it; repeatable</source>
        <translation>添加一列 名称，统计每个页面 HTML 中 文本（或 regex:模式）的出现次数；其问题项：包含它的页面；可重复</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>analytics=gtag(  (one a line)</source>
        <translation>analytics=gtag(  （每行一个）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Search (absent)</source>
        <translation>搜索（缺失）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>like --search; its finding: the pages without it</source>
        <translation>同 --search；其问题项：不包含它的页面</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>consent=cookie-banner  (one a line)</source>
        <translation>consent=cookie-banner  （每行一个）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>search_absent</source>
        <translation>搜索（缺失）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>search absent</source>
        <translation>搜索（缺失）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>&amp;Render</source>
        <translation>渲染(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>load pages in a headless Chromium and parse their rendered DOM too: off, auto (pages whose HTML looks like an application shell) or all (every HTML page of the site)</source>
        <translation>在无头 Chromium 中加载页面，并同时解析渲染后的 DOM：off（关闭）、auto（HTML 看起来像应用外壳的页面）或 all（网站的所有 HTML 页面）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>render</source>
        <translation>渲染</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>off: the HTML as sent</source>
        <translation>关闭：使用原始 HTML</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>auto: pages that look like an app shell</source>
        <translation>自动：看起来像应用外壳的页面</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>all: every HTML page of the site</source>
        <translation>全部：网站的所有 HTML 页面</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Render &amp;only</source>
        <translation>仅渲染(&amp;O)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>render only the pages whose URL matches this regex</source>
        <translation>只渲染 URL 匹配此正则表达式的页面</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>regex a page&apos;s URL must match to be rendered</source>
        <translation>页面 URL 须匹配才会被渲染的正则表达式</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>render_match</source>
        <translation>仅渲染</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>render match</source>
        <translation>仅渲染</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Render ti&amp;meout</source>
        <translation>渲染超时(&amp;M)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>seconds a rendered page may take to load and settle (one that never settles keeps what it rendered, with a note)</source>
        <translation>渲染页面加载并稳定下来的最长秒数（一直不稳定的页面保留已渲染的内容，并附备注）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>render_timeout</source>
        <translation>渲染超时</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Render &amp;tabs</source>
        <translation>渲染标签页(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>pages rendered at once, on top of the fetch workers</source>
        <translation>同时渲染的页面数（在抓取工作协程之外）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>from the cores</source>
        <translation>按 CPU 核数</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>render_tabs</source>
        <translation>渲染标签页</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>&amp;Browser</source>
        <translation>浏览器(&amp;B)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>the Chromium or Chrome to render with (unset: found by its usual names)</source>
        <translation>用于渲染的 Chromium 或 Chrome（不设置：按常用名称查找）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>/usr/bin/chromium (found by name if empty)</source>
        <translation>/usr/bin/chromium（留空则按名称查找）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>browser</source>
        <translation>浏览器</translation>
    </message>
</context>
<context>
    <name>OptionsBox</name>
    <message>
        <location filename="../ui/option_boxes.py"/>
        <source>Link checking (what counts as ok, what only warns)</source>
        <translation>链接检查（什么算正常，什么只警告）</translation>
    </message>
    <message>
        <location filename="../ui/option_boxes.py"/>
        <source>Politeness</source>
        <translation>礼貌抓取</translation>
    </message>
    <message>
        <location filename="../ui/option_boxes.py"/>
        <source>Login (sent only to the site&apos;s own hosts; never saved)</source>
        <translation>登录（只发送给网站自己的主机；从不保存）</translation>
    </message>
    <message>
        <location filename="../ui/option_boxes.py"/>
        <source>Custom extraction and search</source>
        <translation>自定义提取和搜索</translation>
    </message>
    <message>
        <location filename="../ui/option_boxes.py"/>
        <source>JavaScript (pages rendered in a headless Chromium)</source>
        <translation>JavaScript（在无头 Chromium 中渲染页面）</translation>
    </message>
</context>
<context>
    <name>OverviewTab</name>
    <message>
        <location filename="../ui/overview.py"/>
        <source>{what}
How to fix: {fix}</source>
        <translation>{what}
如何修复：{fix}</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Not looked for: the crawl ran without the page checks (--no-checks), reading each page&apos;s links only</source>
        <translation>未检查：本次抓取未运行页面检查（--no-checks），只读取了每个页面的链接</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>{finding}: {explained}

Click to show these pages in the Pages tab</source>
        <translation>{finding}：{explained}

点击在“页面”标签页中显示这些页面</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Findings</source>
        <translation>问题列表</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Show all pages</source>
        <translation>显示所有页面</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Export finding…</source>
        <translation>导出问题项…</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>All findings CSV…</source>
        <translation>全部发现 CSV…</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Broken links CSV…</source>
        <translation>断链 CSV…</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>HTML report…</source>
        <translation>HTML 报告…</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Export the picked &amp;finding as CSV…</source>
        <translation>将所选问题项导出为 CSV(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Export &amp;all findings as CSV…</source>
        <translation>将全部发现导出为 CSV(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Every finding&apos;s URLs with their source and evidence, one row each</source>
        <translation>每项发现的 URL 及其来源和证据，每行一条</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>&amp;Broken links as CSV…</source>
        <translation>将断链导出为 CSV(&amp;B)…</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>HTML &amp;report…</source>
        <translation>HTML 报告(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source> chars</source>
        <translation> 个字符</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Title longer than</source>
        <translation>标题长于</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Description longer than</source>
        <translation>描述长于</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Slow: slower than</source>
        <translation>慢速：慢于</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Large: bigger than</source>
        <translation>大页面：大于</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Thresholds</source>
        <translation>阈值</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Counting the findings…</source>
        <translation>正在统计发现…</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Pages tab: the {n} pages of “{finding}”</source>
        <translation>“页面”标签页：“{finding}”的 {n} 个页面</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Export the pages of “{0}” as CSV</source>
        <translation>将“{0}”的页面导出为 CSV</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Pick a finding in the list first</source>
        <translation>请先在列表中选择一个问题项</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Wrote {n} rows of “{finding}” to {path}</source>
        <translation>已将“{finding}”的 {n} 行写入 {path}</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Reading the words of the broken links…</source>
        <translation>正在读取断链的锚文本…</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Wrote {n} broken links to {path}</source>
        <translation>已将 {n} 个断链写入 {path}</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Wrote the report to {path}</source>
        <translation>已将报告写入 {path}</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>HTML report</source>
        <translation>HTML 报告</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>HTML files (*.html)</source>
        <translation>HTML 文件 (*.html)</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Broken links CSV</source>
        <translation>断链 CSV</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Pick a finding first, then export it</source>
        <translation>请先选择一个问题项，再导出</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Export finding</source>
        <translation>导出问题项</translation>
    </message>
    <message>
        <location filename="../ui/overview.py"/>
        <source>Cannot write {path}: {why}</source>
        <translation>无法写入 {path}：{why}</translation>
    </message>
</context>
<context>
    <name>PageColumns</name>
    <message>
        <location filename="../records/page_columns.py"/>
        <source>What {way} extracted from the page (empty: nothing)</source>
        <translation>{way} 从页面中提取到的内容（空：未提取到）</translation>
    </message>
    <message>
        <location filename="../records/page_columns.py"/>
        <source>the pages without it make its finding</source>
        <translation>不含它的页面构成其问题项</translation>
    </message>
    <message>
        <location filename="../records/page_columns.py"/>
        <source>0 when it does not</source>
        <translation>没有时为 0</translation>
    </message>
    <message>
        <location filename="../records/page_columns.py"/>
        <source>How many times the page&apos;s HTML holds {way} ({what})</source>
        <translation>页面 HTML 中 {way} 出现的次数（{what}）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The page&apos;s normalised URL</source>
        <translation>页面规范化后的 URL</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>HTTP status, or what went wrong</source>
        <translation>HTTP 状态码，或出错原因</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Content-Type</source>
        <translation>Content-Type</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Bytes read (decompressed)</source>
        <translation>读取的字节数（解压后）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Time (ms)</source>
        <translation>用时 (ms)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>From the first try to the record</source>
        <translation>从第一次尝试到记录完成</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Links followed from a start page</source>
        <translation>从起始页跟随的链接层数</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Links</source>
        <translation>链接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>In-scope links found on the page</source>
        <translation>页面上发现的范围内链接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>New</source>
        <translation>新</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Of those, links new to the crawl</source>
        <translation>其中对本次抓取而言是新的链接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Redirect to</source>
        <translation>重定向到</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Location of a redirect</source>
        <translation>重定向的 Location</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Why the URL failed (the technical text is in the details)</source>
        <translation>URL 失败的原因（技术细节见详情）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Referrer</source>
        <translation>来源页</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>First page that linked here</source>
        <translation>第一个链接到此处的页面</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The report&apos;s category: html, other, redirect, status_404, fail_…</source>
        <translation>报告中的类别：html、other、redirect、status_404、fail_…</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Encoding</source>
        <translation>编码</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Character encoding of the page</source>
        <translation>页面的字符编码</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Tries</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Attempts made</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Why a redirect was not followed, and the like</source>
        <translation>重定向未被跟随的原因等</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>ok, redirect, broken, blocked (robots.txt, bot wall, 429), timeout, error (the crawler&apos;s own), cancelled, warning (broken, matching --warn)</source>
        <translation>ok（正常）、redirect（重定向）、broken（断链）、blocked（被拦截：robots.txt、机器人验证、429）、timeout（超时）、error（爬虫自身错误）、cancelled（已取消）、warning（警告：匹配 --warn 的断链）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Sitemap</source>
        <translation>站点地图</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>1 if a sitemap of the site lists the URL</source>
        <translation>网站的站点地图列出该 URL 时为 1</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>External</source>
        <translation>外部</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>1 for an off-site link: checked, never followed</source>
        <translation>站外链接为 1：只检查，不跟随</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The page&apos;s &lt;title&gt;</source>
        <translation>页面的 &lt;title&gt;</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Meta description</source>
        <translation>元描述</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>&lt;meta name=description&gt;</source>
        <translation>&lt;meta name=description&gt;</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>H1</source>
        <translation>H1</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The first &lt;h1&gt;</source>
        <translation>第一个 &lt;h1&gt;</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>H1s</source>
        <translation>H1 数</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>How many &lt;h1&gt; the page has</source>
        <translation>页面中 &lt;h1&gt; 的数量</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Canonical</source>
        <translation>规范链接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>&lt;link rel=canonical&gt;, absolute</source>
        <translation>&lt;link rel=canonical&gt;，绝对地址</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Robots</source>
        <translation>Robots</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Meta robots and X-Robots-Tag combined</source>
        <translation>Meta robots 与 X-Robots-Tag 合并</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Words</source>
        <translation>字数</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Words of visible text</source>
        <translation>可见文本的字数</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Content hash</source>
        <translation>内容哈希</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Hash of the visible text: equal hashes, equal pages</source>
        <translation>可见文本的哈希：哈希相同，页面相同</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>&lt;html lang&gt;</source>
        <translation>&lt;html lang&gt;</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Structured data</source>
        <translation>结构化数据</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The types its JSON-LD and microdata declare (Product, BreadcrumbList…)</source>
        <translation>其 JSON-LD 和微数据声明的类型（schema.org/Product、schema.org/BreadcrumbList…）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Wait (ms)</source>
        <translation>等待 (ms)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Taken from the queue until its last try&apos;s request started</source>
        <translation>从出队到最后一次尝试的请求开始</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>DNS (ms)</source>
        <translation>DNS (ms)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Resolving the host name</source>
        <translation>解析主机名</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Connect (ms)</source>
        <translation>连接 (ms)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Opening the connection (DNS excluded)</source>
        <translation>建立连接（不含 DNS）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>TTFB (ms)</source>
        <translation>TTFB (ms)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Request sent until the response headers were in</source>
        <translation>从发送请求到收到响应头</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Download (ms)</source>
        <translation>下载 (ms)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Reading the body</source>
        <translation>读取响应体</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Parse wait (ms)</source>
        <translation>等待解析 (ms)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Waiting for the parser</source>
        <translation>等待解析器</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Parse (ms)</source>
        <translation>解析 (ms)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Parsing the page</source>
        <translation>解析页面</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Render (ms)</source>
        <translation>渲染 (ms)</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Rendering it in the headless browser (--render): waiting for a tab, loading, settling, reading and parsing its DOM</source>
        <translation>在无头浏览器中渲染（--render）：等待标签页、加载、稳定、读取并解析其 DOM</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Rendered</source>
        <translation>已渲染</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>1 if the page was rendered in the headless browser (--render)</source>
        <translation>页面在无头浏览器中渲染过（--render）时为 1</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>JS links</source>
        <translation>JS 链接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Links only the rendered page has (built by JavaScript)</source>
        <translation>只有渲染后的页面才有的链接（由 JavaScript 生成）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>JS errors</source>
        <translation>JS 错误</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>JavaScript errors of the rendered page (uncaught exceptions and console errors)</source>
        <translation>渲染后页面的 JavaScript 错误（未捕获的异常和控制台错误）</translation>
    </message>
</context>
<context>
    <name>PagesTab</name>
    <message>
        <location filename="../ui/views.py"/>
        <source>Filter the pages</source>
        <translation>筛选页面</translation>
    </message>
    <message>
        <location filename="../ui/views.py"/>
        <source>Filter URLs, types, errors… (Ctrl+F)</source>
        <translation>筛选 URL、类型、错误…（Ctrl+F）</translation>
    </message>
    <message>
        <location filename="../ui/views.py"/>
        <source>{what} (several can be combined)</source>
        <translation>{what}（可同时选择多个）</translation>
    </message>
    <message>
        <location filename="../ui/views.py"/>
        <source>Show only: {what}</source>
        <translation>只显示：{what}</translation>
    </message>
    <message>
        <location filename="../ui/views.py"/>
        <source>Finding: {finding}</source>
        <translation>问题项：{finding}</translation>
    </message>
    <message>
        <location filename="../ui/views.py"/>
        <source>the pages of the finding “{finding}”</source>
        <translation>问题项“{finding}”的页面</translation>
    </message>
    <message>
        <location filename="../ui/views.py"/>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <location filename="../ui/views.py"/>
        <source>the URL, type, error or an extracted value</source>
        <translation>URL、类型、错误或提取的值</translation>
    </message>
    <message>
        <location filename="../ui/views.py"/>
        <source>the URL, type or error</source>
        <translation>URL、类型或错误</translation>
    </message>
    <message>
        <location filename="../ui/views.py"/>
        <source>“{text}” in {where}</source>
        <translation>{where}中含“{text}”</translation>
    </message>
    <message>
        <location filename="../ui/views.py"/>
        <source>{shown} of {total}</source>
        <translation>{shown} / {total}</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/views.py"/>
        <source>{n} URLs shown of {total} recorded: those matching {filters}</source>
        <translation>
            <numerusform>已记录 {total} 个，显示 {n} 个 URL：符合{filters}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/views.py"/>
        <source> and </source>
        <translation> 且 </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/views.py"/>
        <source>{n} URLs</source>
        <translation>
            <numerusform>{n} 个 URL</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecentCrawlsDialog</name>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Open a saved crawl</source>
        <translation>打开已保存的抓取</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Saved crawls</source>
        <translation>已保存的抓取</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Other file…</source>
        <translation>其他文件…</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Give the crawl a name of your own (F2)</source>
        <translation>为抓取起一个自己的名字（F2）</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Remove from list</source>
        <translation>从列表中移除</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Take the crawl off this list; its file stays</source>
        <translation>将该抓取从列表中移除；文件会保留</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Delete file…</source>
        <translation>删除文件…</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Delete the crawl file from the disk (asks first)</source>
        <translation>从磁盘上删除抓取文件（会先询问）</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Settings: {problems}</source>
        <translation>设置：{problems}</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/recent_dialog.py"/>
        <source>{n} recent crawls in {folder}</source>
        <translation>
            <numerusform>{folder} 中有 {n} 个最近的抓取</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>No saved crawls yet in {folder}</source>
        <translation>{folder} 中还没有已保存的抓取</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>{n} bytes</source>
        <translation>{n} 字节</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>{name} is off the list; the file stays in {folder}</source>
        <translation>{name} 已从列表中移除；文件仍在 {folder}</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Delete the crawl file?</source>
        <translation>删除抓取文件？</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Delete {file} ({name}, {n} URLs, {size}) from {folder}? This cannot be undone.</source>
        <translation>从 {folder} 中删除 {file}（{name}，{n} 个 URL，{size}）？此操作无法撤销。</translation>
    </message>
    <message>
        <location filename="../ui/recent_dialog.py"/>
        <source>Deleted {path}</source>
        <translation>已删除 {path}</translation>
    </message>
</context>
<context>
    <name>Recheck</name>
    <message>
        <location filename="../ui/recheck.py"/>
        <source>Nothing to re-check: no URL of this crawl is broken, blocked or failed</source>
        <translation>没有需要重新检查的：本次抓取中没有断链、被拦截或失败的 URL</translation>
    </message>
    <message>
        <location filename="../ui/recheck.py"/>
        <source>Nothing to re-check: the selected URLs are not in the crawl file</source>
        <translation>没有需要重新检查的：所选 URL 不在抓取文件中</translation>
    </message>
    <message>
        <location filename="../ui/recheck.py"/>
        <source>fixed</source>
        <translation>已修复</translation>
    </message>
    <message>
        <location filename="../ui/recheck.py"/>
        <source>still failing</source>
        <translation>仍然失败</translation>
    </message>
    <message>
        <location filename="../ui/recheck.py"/>
        <source>fine</source>
        <translation>正常</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/recheck.py"/>
        <source>{n} URLs keep their answer</source>
        <translation>
            <numerusform>{n} 个 URL 保留原响应</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/recheck.py"/>
        <source>{n} URLs re-checked ({parts})</source>
        <translation>
            <numerusform>已重新检查 {n} 个 URL（{parts}）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/recheck.py"/>
        <source>Re-check cancelled: {said}</source>
        <translation>重新检查已取消：{said}</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/recheck.py"/>
        <source>Re-checked {n} URLs</source>
        <translation>
            <numerusform>已重新检查 {n} 个 URL</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/recheck.py"/>
        <source>; {kept} (not fetched again)</source>
        <translation>；{kept}（未重新抓取）</translation>
    </message>
</context>
<context>
    <name>RecordFilters</name>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>External</source>
        <translation>外部</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>off-site links checked once (HEAD, else GET)</source>
        <translation>只检查一次的站外链接（HEAD，不行则 GET）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Blocked</source>
        <translation>被拦截</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>refused to bots or throttled: robots.txt, bot walls, 429/503/999, private addresses</source>
        <translation>拒绝爬虫或限流：robots.txt、机器人验证、429/503/999、私有地址</translation>
    </message>
</context>
<context>
    <name>Replay</name>
    <message>
        <location filename="../ui/replay.py"/>
        <source>{error}; the views show the rows before it</source>
        <translation>{error}；视图中显示的是它之前的行</translation>
    </message>
</context>
<context>
    <name>Robots</name>
    <message>
        <location filename="../crawl/robots.py"/>
        <source>pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location filename="../crawl/robots.py"/>
        <source>fetching</source>
        <translation>读取中</translation>
    </message>
    <message>
        <location filename="../crawl/robots.py"/>
        <source>ignored</source>
        <translation>已忽略</translation>
    </message>
    <message>
        <location filename="../crawl/robots.py"/>
        <source>ok</source>
        <translation>已读取</translation>
    </message>
    <message>
        <location filename="../crawl/robots.py"/>
        <source>not read (external)</source>
        <translation>未读取（外部）</translation>
    </message>
    <message>
        <location filename="../crawl/robots.py"/>
        <source>not saved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <location filename="../crawl/robots.py"/>
        <source>none ({why})</source>
        <translation>无（{why}）</translation>
    </message>
    <message>
        <location filename="../crawl/robots.py"/>
        <source>unparsable ({why}): allow all</source>
        <translation>无法解析（{why}）：全部允许</translation>
    </message>
    <message>
        <location filename="../crawl/robots.py"/>
        <source>unreachable ({why}): allow all</source>
        <translation>无法访问（{why}）：全部允许</translation>
    </message>
    <message>
        <location filename="../crawl/robots.py"/>
        <source>{why} sitemap not fetched: {url}</source>
        <translation>{why}：未获取站点地图 {url}</translation>
    </message>
    <message>
        <location filename="../crawl/robots.py"/>
        <source>sitemap {url}: {why}</source>
        <translation>站点地图 {url}：{why}</translation>
    </message>
    <message>
        <location filename="../crawl/robots.py"/>
        <source>{n} more sitemaps not read</source>
        <translation>另有 {n} 个站点地图未读取</translation>
    </message>
</context>
<context>
    <name>SettingsPanel</name>
    <message>
        <location filename="../ui/settings_panel.py"/>
        <source>Crawl settings</source>
        <translation>抓取设置</translation>
    </message>
    <message>
        <location filename="../ui/settings_panel.py"/>
        <source>&amp;Crawl</source>
        <translation>抓取(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/settings_panel.py"/>
        <source>Polite&amp;ness</source>
        <translation>礼貌抓取(&amp;N)</translation>
    </message>
    <message>
        <location filename="../ui/settings_panel.py"/>
        <source>Lo&amp;gin</source>
        <translation>登录(&amp;G)</translation>
    </message>
    <message>
        <location filename="../ui/settings_panel.py"/>
        <source>E&amp;xtraction</source>
        <translation>提取(&amp;X)</translation>
    </message>
    <message>
        <location filename="../ui/settings_panel.py"/>
        <source>&amp;JavaScript</source>
        <translation>&amp;JavaScript</translation>
    </message>
</context>
<context>
    <name>SiteGraphTab</name>
    <message>
        <location filename="../ui/graph_layout.py"/>
        <source>the layout process ended</source>
        <translation>布局进程已退出</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>Tree</source>
        <translation>树状图</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>Force-directed</source>
        <translation>力导向图</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>Graph view</source>
        <translation>图视图</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>Tree: each page under the page that first linked to it (the crawl&apos;s shortest paths from the start page), drawn around it. Force-directed: pages pulled together by their links.</source>
        <translation>树状图：每个页面都挂在第一个链接到它的页面之下（即抓取从起始页出发的最短路径），围绕其绘制。力导向图：页面因彼此之间的链接而相互吸引聚拢。</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>Show the whole picture</source>
        <translation>显示完整图形</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>Export PNG…</source>
        <translation>导出 PNG…</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>Save the picture as shown as a PNG image</source>
        <translation>将当前显示的图形保存为 PNG 图片</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>Export SVG…</source>
        <translation>导出 SVG…</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>Save the whole picture as an SVG drawing</source>
        <translation>将完整图形保存为 SVG 矢量图</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>Site graph</source>
        <translation>站点图</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>The layout failed: {}</source>
        <translation>布局失败：{}</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source> · laying out…</source>
        <translation> · 正在布局…</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>{} URLs in {} folders (one node a folder past {} URLs)</source>
        <translation>{} 个 URL，分布在 {} 个文件夹中（超过 {} 个 URL 时每个节点代表一个文件夹）</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>{} URLs</source>
        <translation>{} 个 URL</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source> · the links of {} navigation pages left out</source>
        <translation> · 已略去 {} 个导航页的链接</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>Export the site graph</source>
        <translation>导出站点图</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>Could not write {}</source>
        <translation>无法写入 {}</translation>
    </message>
    <message>
        <location filename="../ui/graph_view.py"/>
        <source>Could not write {}: {}</source>
        <translation>无法写入 {}：{}</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/site_graph.py"/>
        <source>{n} URLs</source>
        <translation>
            <numerusform>{n} 个 URL</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StoredSettings</name>
    <message>
        <location filename="../ui/layout_state.py"/>
        <source>{key} could not be read; using the default</source>
        <translation>{key} 无法读取；使用默认值</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>was not a whole number</source>
        <translation>不是整数</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>was out of range ({low} to {high})</source>
        <translation>超出范围（{low} 到 {high}）</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>was not a number</source>
        <translation>不是数字</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>was not true or false</source>
        <translation>不是真或假</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>was not text</source>
        <translation>不是文本</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>was not JSON</source>
        <translation>不是 JSON</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>was not a valid regular expression ({error})</source>
        <translation>不是有效的正则表达式（{error}）</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>was not one non-empty line</source>
        <translation>不是一行非空文本</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>{key}={value} {why}; using {default}</source>
        <translation>{key}={value} {why}；改用 {default}</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>was not {n} values</source>
        <translation>不是 {n} 个值</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>the defaults</source>
        <translation>默认值</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>{key} {name}={value} {why}; using {default}</source>
        <translation>{key} {name}={value} {why}；改用 {default}</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>was not one of {values}</source>
        <translation>不是 {values} 之一</translation>
    </message>
    <message>
        <location filename="../ui/stored.py"/>
        <source>was not valid ({why})</source>
        <translation>无效（{why}）</translation>
    </message>
</context>
<context>
    <name>TimelinePanel</name>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>first byte</source>
        <translation>首字节</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>download</source>
        <translation>下载</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>parser queue</source>
        <translation>解析队列</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>parsing</source>
        <translation>解析中</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>rendering</source>
        <translation>渲染中</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>{host} · {slots} slots · {waiting} waiting</source>
        <translation>{host} · {slots} 个名额 · {waiting} 个等待中</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>live</source>
        <translation>实时</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>to the crawl&apos;s end</source>
        <translation>直到抓取结束</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/timeline.py"/>
        <source>{n} host slots per lane</source>
        <translation>
            <numerusform>每条泳道 {n} 个主机名额</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/timeline.py"/>
        <source>{n} workers per lane</source>
        <translation>
            <numerusform>每条泳道 {n} 个工作协程</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>{lanes} · {span} s across · {state}</source>
        <translation>{lanes} · 横跨 {span} 秒 · {state}</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>under way: {phase} · worker {worker}</source>
        <translation>进行中：{phase} · 工作协程 {worker}</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>status {status} · worker {worker} · tries {tries}</source>
        <translation>状态 {status} · 工作协程 {worker} · 尝试 {tries} 次</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>whole crawl</source>
        <translation>整个抓取</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>last {s} s</source>
        <translation>最近 {s} 秒</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>Pause view</source>
        <translation>暂停视图</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>Stop following the present to look back (drag also pauses)</source>
        <translation>停止跟随当前时间以便回看（拖动也会暂停）</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>Timeline lanes</source>
        <translation>时间线泳道</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>Lanes: workers</source>
        <translation>泳道：工作协程</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>Lanes: hosts</source>
        <translation>泳道：主机</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>One lane per worker, or per host one lane per slot of its limit, with a line for the URLs waiting for a slot</source>
        <translation>每个工作协程一条泳道，或按主机每个名额一条泳道，并用一条线表示等待名额的 URL</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>Follow live</source>
        <translation>跟随实时</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>{n} requests shown · {workers} workers</source>
        <translation>显示 {n} 个请求 · {workers} 个工作协程</translation>
    </message>
    <message>
        <location filename="../ui/timeline.py"/>
        <source>{} on {} nodes · drawn as their records come, none under way (a node tells nothing of a request in flight)</source>
        <translation>{}，共 {} 个节点 · 随记录到达而绘制，不显示进行中的请求（节点不报告进行中的请求）</translation>
    </message>
</context>
<context>
    <name>UrlList</name>
    <message>
        <location filename="../crawl/urllist.py"/>
        <source>line {n}: {text}</source>
        <translation>第 {n} 行：{text}</translation>
    </message>
    <message>
        <location filename="../crawl/urllist.py"/>
        <source> and {n} more</source>
        <translation> 等另外 {n} 行</translation>
    </message>
    <message numerus="yes">
        <location filename="../crawl/urllist.py"/>
        <source>skipped {n} lines that are not URLs ({shown})</source>
        <translation>
            <numerusform>跳过了 {n} 行不是 URL 的内容（{shown}）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../crawl/urllist.py"/>
        <source>{name} is not a readable gzip file: {error}</source>
        <translation>{name} 不是可读取的 gzip 文件：{error}</translation>
    </message>
    <message>
        <location filename="../crawl/urllist.py"/>
        <source>{name} is a sitemap index: give one of the sitemaps it lists, or its URL</source>
        <translation>{name} 是站点地图索引：请提供它列出的某个站点地图，或该索引的 URL</translation>
    </message>
    <message>
        <location filename="../crawl/urllist.py"/>
        <source>{name} has no URL to check</source>
        <translation>{name} 中没有要检查的 URL</translation>
    </message>
    <message>
        <location filename="../crawl/urllist.py"/>
        <source>it could not be fetched or lists no URL</source>
        <translation>无法抓取，或其中没有 URL</translation>
    </message>
    <message>
        <location filename="../crawl/urllist.py"/>
        <source>the sitemap {url} gives no URL to check: {why}</source>
        <translation>站点地图 {url} 没有给出要检查的 URL：{why}</translation>
    </message>
</context>
<context>
    <name>UrlListDialog</name>
    <message>
        <location filename="../ui/list_dialog.py"/>
        <source>Lists of URLs (*.txt *.csv *.xml *.gz *.tsv *.lst);;Text (*.txt);;CSV (*.csv);;Sitemaps (*.xml *.xml.gz *.gz);;All files (*)</source>
        <translation>URL 列表 (*.txt *.csv *.xml *.gz *.tsv *.lst);;文本 (*.txt);;CSV (*.csv);;站点地图 (*.xml *.xml.gz *.gz);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../ui/list_dialog.py"/>
        <source>Check a list of URLs</source>
        <translation>检查 URL 列表</translation>
    </message>
    <message>
        <location filename="../ui/list_dialog.py"/>
        <source>Paste URLs, one a line, or open a file (text, CSV: its first column, a sitemap), or paste a sitemap&apos;s URL and read it. Exactly these URLs are checked and their redirects followed; their links are not followed, unless Max depth is set (then as many levels as it says).</source>
        <translation>粘贴 URL（每行一个），或打开文件（文本、CSV：取第一列、站点地图），或粘贴站点地图的 URL 并读取。只检查这些 URL 并跟随其重定向；除非设置了“最大深度”（此时跟随相应层数），否则不跟随其中的链接。</translation>
    </message>
    <message>
        <location filename="../ui/list_dialog.py"/>
        <source>&amp;Open file…</source>
        <translation>打开文件(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../ui/list_dialog.py"/>
        <source>Read &amp;sitemap URL</source>
        <translation>读取站点地图 URL(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/list_dialog.py"/>
        <source>Fetch the sitemap whose URL is in the box: its URLs are the list</source>
        <translation>抓取框中 URL 所指的站点地图：其中的 URL 即为列表</translation>
    </message>
    <message>
        <location filename="../ui/list_dialog.py"/>
        <source>&amp;Check these URLs</source>
        <translation>检查这些 URL(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/list_dialog.py"/>
        <source>The list</source>
        <translation>列表</translation>
    </message>
    <message>
        <location filename="../ui/list_dialog.py"/>
        <source>Put the sitemap&apos;s URL alone in the box, then read it</source>
        <translation>框中只放站点地图的 URL，然后读取</translation>
    </message>
    <message>
        <location filename="../ui/list_dialog.py"/>
        <source>Reading {url} …</source>
        <translation>正在读取 {url} …</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/list_dialog.py"/>
        <source>Read {n} URLs from the sitemap {url}</source>
        <translation>
            <numerusform>从站点地图 {url} 读取了 {n} 个 URL</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/list_dialog.py"/>
        <source>Open a list of URLs</source>
        <translation>打开 URL 列表</translation>
    </message>
    <message>
        <location filename="../ui/list_dialog.py"/>
        <source>{name} is larger than {n} MB</source>
        <translation>{name} 大于 {n} MB</translation>
    </message>
    <message>
        <location filename="../ui/list_dialog.py"/>
        <source>Cannot read {path}: {why}</source>
        <translation>无法读取 {path}：{why}</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/list_dialog.py"/>
        <source>Read {n} lines from {name}</source>
        <translation>
            <numerusform>从 {name} 读取了 {n} 行</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Verdicts</name>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>redirect</source>
        <translation>重定向</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>broken</source>
        <translation>断链</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>blocked</source>
        <translation>被拦截</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>cut short in flight</source>
        <translation>在抓取中途被中断</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Answered</source>
        <translation>已响应</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Redirects</source>
        <translation>重定向</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>redirects</source>
        <translation>重定向</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Broken</source>
        <translation>断链</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Broken links (4xx, 5xx, no such host, refused or dropped connection, bad redirect)</source>
        <translation>断链（4xx、5xx、主机不存在、连接被拒绝或中断、错误的重定向）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Blocked</source>
        <translation>被拦截</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Blocked or throttled, not broken (robots.txt, bot walls, 429, 503, 999, private addresses)</source>
        <translation>被拦截或限流，并非断链（robots.txt、机器人验证、429、503、999、私有地址）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Timed out, no answer within the time limit</source>
        <translation>超时，时限内无响应</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Errors of the crawler&apos;s own limits or failures, not the site&apos;s doing (size limit, open files, ports, memory, too busy, a crawler bug)</source>
        <translation>爬虫自身限制或故障导致的错误，并非网站的问题（大小限制、打开的文件、端口、内存、过于繁忙、爬虫缺陷）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Cancelled, cut short in flight (continuing the crawl fetches them again)</source>
        <translation>已取消，在抓取中途被中断（继续抓取时会重新抓取）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Broken links matching --warn: listed, not failing the crawl</source>
        <translation>匹配 --warn 的断链：列出，但不使抓取失败</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Not fetched</source>
        <translation>未抓取</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Taken in, not fetched yet</source>
        <translation>已收录，尚未抓取</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>1xx</source>
        <translation>1xx</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Informational answers, e.g. 101</source>
        <translation>信息性响应，例如 101</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>2xx</source>
        <translation>2xx</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Successful answers</source>
        <translation>成功响应</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>3xx</source>
        <translation>3xx</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>4xx</source>
        <translation>4xx</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Client errors, e.g. 404</source>
        <translation>客户端错误，例如 404</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>5xx</source>
        <translation>5xx</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Server errors</source>
        <translation>服务器错误</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Other status</source>
        <translation>其他状态码</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>A status outside 100-599, e.g. 999</source>
        <translation>100-599 之外的状态码，例如 999</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>No HTTP answer: timeouts, resets, cancelled…</source>
        <translation>没有 HTTP 响应：超时、连接重置、已取消…</translation>
    </message>
</context>
<context>
    <name>WindowDialogs</name>
    <message>
        <location filename="../ui/window_dialogs.py"/>
        <source>Open a saved crawl</source>
        <translation>打开已保存的抓取</translation>
    </message>
    <message>
        <location filename="../ui/window_dialogs.py"/>
        <source>Crawl files (*.sqlite3);;All files (*)</source>
        <translation>抓取文件 (*.sqlite3);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../ui/window_dialogs.py"/>
        <source>Open {name} (File → Open crawl…) to see its rows here</source>
        <translation>打开 {name}（文件 → 打开抓取…）即可在此查看其行</translation>
    </message>
    <message>
        <location filename="../ui/window_dialogs.py"/>
        <source>{url} is not in the newer crawl</source>
        <translation>{url} 不在较新的抓取中</translation>
    </message>
    <message>
        <location filename="../ui/window_dialogs.py"/>
        <source>Export filtered view as CSV</source>
        <translation>将筛选后的视图导出为 CSV</translation>
    </message>
    <message>
        <location filename="../ui/window_dialogs.py"/>
        <source>Export all pages as CSV</source>
        <translation>将所有页面导出为 CSV</translation>
    </message>
    <message>
        <location filename="../ui/window_dialogs.py"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Start (in the address bar)</source>
        <translation>开始（在地址栏中）</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Ctrl+click, Shift+click</source>
        <translation>Ctrl+单击、Shift+单击</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Select several rows</source>
        <translation>选择多行</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Right-click</source>
        <translation>右键单击</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>What to do with a row&apos;s URL</source>
        <translation>对某行的 URL 进行操作</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Double-click</source>
        <translation>双击</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Show a URL listed in Details</source>
        <translation>显示“详情”中列出的 URL</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Copy &amp;URL</source>
        <translation>复制 URL(&amp;U)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;Copy row</source>
        <translation>复制行(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;Copy {n} rows</source>
        <translation>复制 {n} 行(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <location filename="../ui/views.py"/>
        <source>&amp;Open in browser</source>
        <translation>在浏览器中打开(&amp;O)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Show &amp;inlinks</source>
        <translation>显示入链(&amp;I)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Show ou&amp;tlinks</source>
        <translation>显示出链(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;Export selection to CSV…</source>
        <translation>将所选内容导出为 CSV(&amp;E)…</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/menus.py"/>
        <source>&amp;Export its {n} pages to CSV…</source>
        <translation>
            <numerusform>将其 {n} 个页面导出为 CSV(&amp;E)…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;Re-check</source>
        <translation>重新检查(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;Re-check {n} URLs</source>
        <translation>重新检查 {n} 个 URL(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Go to the &amp;address</source>
        <translation>转到地址栏(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;Filter the pages</source>
        <translation>筛选页面(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;Copy rows</source>
        <translation>复制行(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Copy the selected rows as tab-separated text</source>
        <translation>将所选行复制为制表符分隔的文本</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Copy the URL of the selected row</source>
        <translation>复制所选行的 URL</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Show the pages linking to the selected URL in Details</source>
        <translation>在“详情”中显示链接到所选 URL 的页面</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Show the links on the selected page in Details</source>
        <translation>在“详情”中显示所选页面上的链接</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Export &amp;selection to CSV…</source>
        <translation>将所选内容导出为 CSV(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Export the selected rows&apos; pages as CSV</source>
        <translation>将所选行的页面导出为 CSV</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>All &amp;links CSV…</source>
        <translation>所有链接 CSV(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Every link of every page and stylesheet with its words, as CSV</source>
        <translation>所有页面和样式表中的每个链接及其文字，导出为 CSV</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Every shortcut of the window</source>
        <translation>窗口的所有快捷键</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;About gui-crawler</source>
        <translation>关于 gui-crawler(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Version and licence</source>
        <translation>版本和许可证</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Watch a clu&amp;ster crawl…</source>
        <translation>观察集群爬取(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Watch a crawl shared by many machines through Redis, or start the address there</source>
        <translation>观察多台机器通过 Redis 共享的爬取，或在那里启动该地址</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;Crawl</source>
        <translation>抓取(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>E&amp;xport</source>
        <translation>导出(&amp;X)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>System language ({language})</source>
        <translation>系统语言（{language}）</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>The window is in {language}</source>
        <translation>窗口当前语言为{language}</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>The window will be in {language} when gui-crawler starts again</source>
        <translation>gui-crawler 下次启动时窗口将使用{language}</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/menus.py"/>
        <source>Copied {n} rows</source>
        <translation>
            <numerusform>已复制 {n} 行</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Select rows of fetched URLs to export them</source>
        <translation>请选择已抓取 URL 的行再导出</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/menus.py"/>
        <source>Export {n} selected pages as CSV</source>
        <translation>
            <numerusform>将所选的 {n} 个页面导出为 CSV</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Export every link as CSV</source>
        <translation>将所有链接导出为 CSV</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Export failed: cannot write {path}: {why}</source>
        <translation>导出失败：无法写入 {path}：{why}</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/menus.py"/>
        <source>Exported {n} links to {path}</source>
        <translation>
            <numerusform>已导出 {n} 个链接到 {path}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>About gui-crawler</source>
        <translation>关于 gui-crawler</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>A desktop web crawler you can watch: every worker, the queue, redirects, the site&apos;s tree and broken links, live.</source>
        <translation>一个可以实时观看的桌面网络爬虫：每个工作协程、队列、重定向、站点树和断链，实时呈现。</translation>
    </message>
    <message>
        <location filename="../ui/menus.py"/>
        <source>MIT licence; the compiled parser includes lexbor (Apache-2.0 licence)</source>
        <translation>MIT 许可证；编译的解析器包含 lexbor（Apache-2.0 许可证）</translation>
    </message>
    <message>
        <location filename="../ui/views.py"/>
        <source>&amp;Copy URL</source>
        <translation>复制 URL(&amp;C)</translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <location filename="../records/wording.py"/>
        <source>Workers capped at {workers}: this system lets the crawler open {files} files (ulimit -n), and each worker needs one for its connection</source>
        <translation>工作协程数被限制为 {workers}：本系统只允许爬虫打开 {files} 个文件（ulimit -n），而每个工作协程的连接都需要一个</translation>
    </message>
    <message>
        <location filename="../records/wording.py"/>
        <source>less than 1 ms</source>
        <translation>不到 1 毫秒</translation>
    </message>
    <message>
        <location filename="../records/wording.py"/>
        <source>{ms} ms</source>
        <translation>{ms} 毫秒</translation>
    </message>
    <message>
        <location filename="../records/wording.py"/>
        <source>{s} s</source>
        <translation>{s} 秒</translation>
    </message>
    <message>
        <location filename="../records/wording.py"/>
        <source>{m} min {s} s</source>
        <translation>{m} 分 {s} 秒</translation>
    </message>
    <message>
        <location filename="../records/wording.py"/>
        <source>{m} min</source>
        <translation>{m} 分钟</translation>
    </message>
    <message>
        <location filename="../records/wording.py"/>
        <source>{h} h {m} min</source>
        <translation>{h} 小时 {m} 分</translation>
    </message>
    <message>
        <location filename="../records/wording.py"/>
        <source>{h} h</source>
        <translation>{h} 小时</translation>
    </message>
    <message numerus="yes">
        <location filename="../records/wording.py"/>
        <source>{n} pages in {time}</source>
        <translation>
            <numerusform>{time} 内 {n} 页</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../records/wording.py"/>
        <source>{rate} pages/s (average)</source>
        <translation>{rate} 页/秒（平均）</translation>
    </message>
    <message>
        <location filename="../records/wording.py"/>
        <source>Nothing answered at {host} — is the server running? ({why})</source>
        <translation>{host} 没有任何响应——服务器在运行吗？（{why}）</translation>
    </message>
    <message>
        <location filename="../records/wording.py"/>
        <source>The start page {url} failed: {why}</source>
        <translation>起始页 {url} 失败：{why}</translation>
    </message>
    <message>
        <location filename="../records/wording.py"/>
        <source>The start page {url} answered {status}: there was nothing to crawl</source>
        <translation>起始页 {url} 返回 {status}：没有可抓取的内容</translation>
    </message>
    <message>
        <location filename="../records/wording.py"/>
        <source>The start page redirects to {url}, outside the crawl&apos;s scope (target out of scope): crawl that address instead, or widen the scope</source>
        <translation>起始页重定向到 {url}，超出了抓取范围（目标超出范围）：请改为抓取该地址，或放宽范围</translation>
    </message>
    <message>
        <location filename="../records/wording.py"/>
        <source>{percent}% of {known} known</source>
        <translation>已知 {known} 个中的 {percent}%</translation>
    </message>
    <message>
        <location filename="../records/wording.py"/>
        <source>, about {time} left</source>
        <translation>，约剩 {time}</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>No answer</source>
        <translation>无响应</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Could not connect to the server</source>
        <translation>无法连接到服务器</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>No such host</source>
        <translation>主机不存在</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The host name could not be resolved</source>
        <translation>无法解析主机名</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Dropped</source>
        <translation>连接中断</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The server closed the connection before the answer was complete</source>
        <translation>服务器在响应完成前关闭了连接</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Bad answer</source>
        <translation>错误响应</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The server&apos;s answer was not valid HTTP</source>
        <translation>服务器的响应不是有效的 HTTP</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Bad encoding</source>
        <translation>编码错误</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The body could not be decompressed</source>
        <translation>响应体无法解压</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>No answer within the time limit</source>
        <translation>时限内无响应</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Cut short in flight: the crawl stopped while this URL was being fetched</source>
        <translation>在抓取中途被中断：抓取停止时该 URL 正在抓取</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Too large</source>
        <translation>过大</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The page is larger than the size limit</source>
        <translation>页面超出了大小限制</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Bad URL</source>
        <translation>错误 URL</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The address is not a valid URL</source>
        <translation>该地址不是有效的 URL</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Bad redirect</source>
        <translation>错误重定向</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>A redirect without a Location header</source>
        <translation>没有 Location 响应头的重定向</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>A redirect to an invalid address</source>
        <translation>重定向到无效地址</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Redirect loop</source>
        <translation>重定向循环</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Too many redirects in a row</source>
        <translation>连续重定向次数过多</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Its redirects come back round to a URL before</source>
        <translation>其重定向绕回到了之前的 URL</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Crawler bug</source>
        <translation>爬虫缺陷</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>An internal error of the crawler (see the details)</source>
        <translation>爬虫内部错误（见详情）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Parser crash</source>
        <translation>解析器崩溃</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The page crashed the HTML parser, twice</source>
        <translation>该页面两次导致 HTML 解析器崩溃</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Robots.txt</source>
        <translation>Robots.txt</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Not fetched: the site&apos;s robots.txt disallows it</source>
        <translation>未抓取：网站的 robots.txt 禁止抓取</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Bot wall</source>
        <translation>机器人验证</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The server answered with a challenge for bots</source>
        <translation>服务器返回了针对机器人的验证</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Not checked: a private address (local network, this machine or a cloud metadata service)</source>
        <translation>未检查：私有地址（局域网、本机或云元数据服务）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The server answered with an informational status (1xx) where a final answer was due</source>
        <translation>服务器在应给出最终响应时返回了信息性状态码（1xx）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Gave up</source>
        <translation>已放弃</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Not fetched: its host refused or failed every request for a while (429, 503, no answer), so the crawl gave up on it</source>
        <translation>未抓取：其主机在一段时间内拒绝了所有请求或全部失败（429、503、无响应），因此抓取放弃了该主机</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Crawler limit</source>
        <translation>爬虫限制</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Not the site&apos;s doing: the crawler ran out of open files, ports or memory on this machine, or was too busy to wait for the answer (fewer workers would help)</source>
        <translation>并非网站的问题：爬虫在本机上耗尽了可打开的文件、端口或内存，或太忙而无法等待响应（减少工作协程会有帮助）</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>Bad certificate</source>
        <translation>证书错误</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The server&apos;s certificate is not trusted</source>
        <translation>服务器的证书不受信任</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>TLS failed</source>
        <translation>TLS 失败</translation>
    </message>
    <message>
        <location filename="../ui/i18n.py"/>
        <source>The secure connection could not be set up</source>
        <translation>无法建立安全连接</translation>
    </message>
</context>
<context>
    <name>WorkersModel</name>
    <message numerus="yes">
        <location filename="../ui/workers_model.py"/>
        <source>Node %n</source>
        <translation>
            <numerusform>节点 %n</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/workers_model.py"/>
        <source>{node} on {machine}</source>
        <translation>{machine} 上的 {node}</translation>
    </message>
    <message>
        <location filename="../ui/workers_model.py"/>
        <source>Seconds since this node last told Redis how it is</source>
        <translation>自该节点上次向 Redis 报告状态以来的秒数</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <location filename="../ui/app.py"/>
        <source>No address given: the built-in demo site is ready at {url} — press Start</source>
        <translation>未指定地址：内置演示网站已在 {url} 准备就绪——请按“开始”</translation>
    </message>
</context>
</TS>
