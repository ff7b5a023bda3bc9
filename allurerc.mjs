// Allure 3 configuration for `npm run report`: one self-contained HTML file, so the report
// opens from disk (file://) in any browser and can be attached to a ticket or a CI artefact.
export default {
  name: 'partner-conformance',
  plugins: {
    awesome: {
      options: {
        singleFile: true,
        reportName: 'partner-conformance',
        groupBy: ['parentSuite', 'suite'],
      },
    },
  },
};
